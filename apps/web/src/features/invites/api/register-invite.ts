import { useMutation } from '@tanstack/react-query';
import { apiRoutes, type RegisterInviteBody } from '@community/shared';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** The invitee's registration, which waits for an administrator's approval. */
export const registerInvite = (body: RegisterInviteBody) =>
  api<{ message: string }>('POST', apiRoutes.registerInvite, { body });

export const useRegisterInvite = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof registerInvite> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: registerInvite });
