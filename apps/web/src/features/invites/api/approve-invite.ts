import { apiRoutes, type Invite } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';

/**
 * Approving a submitted invite lets its registrant sign in. It changes a user, their roles and the
 * home's counts as well as the invite: every list is read again.
 */
export const approveInvite = (id: string) => api<Invite>('POST', `${apiRoutes.invites}/${id}/approve`, { body: {} });

export const useApproveInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof approveInvite> } = {}) =>
  useInvalidatingMutation(approveInvite, [], mutationConfig);
