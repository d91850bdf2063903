import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { permissionKeys } from './keys';

export const deletePermission = (id: string) => api<{ _id: string }>('DELETE', `${apiRoutes.permissions}/${id}`);

export const useDeletePermission = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deletePermission> } = {}) =>
  useInvalidatingMutation(deletePermission, permissionKeys.all, mutationConfig);
