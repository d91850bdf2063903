import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { roleKeys } from './keys';

export const deleteRole = (id: string) => api<{ _id: string }>('DELETE', `${apiRoutes.roles}/${id}`);

export const useDeleteRole = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteRole> } = {}) =>
  useInvalidatingMutation(deleteRole, roleKeys.all, mutationConfig);
