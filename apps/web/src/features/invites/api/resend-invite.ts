import { apiRoutes, type Invite } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { inviteKeys } from './keys';

/** Mails the invite again with a fresh expiry; the link stays the same. */
export const resendInvite = (id: string) => api<Invite>('POST', `${apiRoutes.invites}/${id}/resend`, { body: {} });

export const useResendInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resendInvite> } = {}) =>
  useInvalidatingMutation(resendInvite, inviteKeys.all, mutationConfig);
