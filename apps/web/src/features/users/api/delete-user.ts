import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';

/** A user goes with their roles, profile and sessions: every list is read again. */
export const deleteUser = (id: string) => api<{ _id: string }>('DELETE', `${apiRoutes.users}/${id}`);

export const useDeleteUser = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteUser> } = {}) =>
  useInvalidatingMutation(deleteUser, [], mutationConfig);
