import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type UploadResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

export function uploadProfileImage(file: File) {
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', file);
  return api<UploadResponse>('POST', apiRoutes.profileImage, { form });
}

export const useUploadProfileImage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof uploadProfileImage> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: uploadProfileImage });
