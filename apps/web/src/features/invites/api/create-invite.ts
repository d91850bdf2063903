import { apiRoutes, type CreateInviteBody, type Invite } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { inviteKeys } from './keys';

/** Its maker may give its role, so a new invite always comes with its link. */
export const createInvite = (body: CreateInviteBody) =>
  api<Invite & { link: string }>('POST', apiRoutes.invites, { body });

export const useCreateInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createInvite> } = {}) =>
  useInvalidatingMutation(createInvite, inviteKeys.all, mutationConfig);
