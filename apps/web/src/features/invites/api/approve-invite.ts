import { apiRoutes, type Invite } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { inviteKeys } from './keys';

/** Approving a submitted invite lets its registrant sign in. */
export const approveInvite = (id: string) => api<Invite>('POST', `${apiRoutes.invites}/${id}/approve`, { body: {} });

export const useApproveInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof approveInvite> } = {}) =>
  useInvalidatingMutation(approveInvite, inviteKeys.all, mutationConfig);
