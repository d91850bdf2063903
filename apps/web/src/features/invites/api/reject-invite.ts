import { apiRoutes, type Invite } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';

/** Rejecting removes the pending registrant too: every list is read again. */
export const rejectInvite = (id: string) => api<Invite>('POST', `${apiRoutes.invites}/${id}/reject`, { body: {} });

export const useRejectInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectInvite> } = {}) =>
  useInvalidatingMutation(rejectInvite, [], mutationConfig);
