import { apiRoutes, type MyProfileResponse, type UpdateMyProfileBody, type UploadResponse } from '@community/shared';
import { api } from '../../lib/api-client';

export const getMyProfile = (signal?: AbortSignal) =>
  api<MyProfileResponse>('GET', `${apiRoutes.myProfile}?page=1&limit=25`, { signal });

export const updateMyProfile = (body: UpdateMyProfileBody) =>
  api<MyProfileResponse>('POST', apiRoutes.myProfile, { body });

export function uploadProfileImage(file: File) {
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', file);
  return api<UploadResponse>('POST', apiRoutes.profileImage, { form });
}
