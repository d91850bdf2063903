import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { userRoleKeys } from './keys';

export const deleteUserRole = (id: string) => api<{ _id: string }>('DELETE', `${apiRoutes.userRoles}/${id}`);

export const useDeleteUserRole = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteUserRole> } = {}) =>
  useInvalidatingMutation(deleteUserRole, userRoleKeys.all, mutationConfig);
