import { apiRoutes, type Invite } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { inviteKeys } from './keys';

/** The link stops working; a registration still confirming its address through it ends. */
export const revokeInvite = (id: string) => api<Invite>('POST', `${apiRoutes.invites}/${id}/revoke`, { body: {} });

export const useRevokeInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeInvite> } = {}) =>
  useInvalidatingMutation(revokeInvite, inviteKeys.all, mutationConfig);
