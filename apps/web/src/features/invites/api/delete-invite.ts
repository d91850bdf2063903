import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { inviteKeys } from './keys';

export const deleteInvite = (id: string) => api<{ _id: string }>('DELETE', `${apiRoutes.invites}/${id}`);

export const useDeleteInvite = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteInvite> } = {}) =>
  useInvalidatingMutation(deleteInvite, inviteKeys.all, mutationConfig);
