import { apiRoutes, type CreateInviteBody, type Invite } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { inviteKeys } from './keys';

export const createInvite = (body: CreateInviteBody) => api<Invite>('POST', apiRoutes.invites, { body });

export const useCreateInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createInvite> } = {}) =>
  useInvalidatingMutation(createInvite, inviteKeys.all, mutationConfig);
