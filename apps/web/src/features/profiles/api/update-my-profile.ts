import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, type MyProfileResponse, type UpdateMyProfileBody } from '@community/shared';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { getMyProfileQueryOptions } from './get-my-profile';

export const updateMyProfile = (body: UpdateMyProfileBody) =>
  api<MyProfileResponse>('POST', apiRoutes.myProfile, { body });

/** The answer is the saved profile: it replaces the cached one, with no second read. */
export const useUpdateMyProfile = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateMyProfile> } = {}) => {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: updateMyProfile,
    onSuccess: (saved, ...rest) => {
      queryClient.setQueryData(getMyProfileQueryOptions().queryKey, {
        profile: saved.profile,
        language: saved.language,
        mailOnContact: saved.mailOnContact,
      });
      return onSuccess?.(saved, ...rest);
    },
  });
};
