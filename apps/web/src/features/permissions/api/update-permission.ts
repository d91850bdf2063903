import { apiRoutes, type UpdatePermissionBody, type Permission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { permissionKeys } from './keys';

export const updatePermission = ({ id, body }: { id: string; body: UpdatePermissionBody }) =>
  api<Permission>('PUT', `${apiRoutes.permissions}/${id}`, { body });

export const useUpdatePermission = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updatePermission> } = {}) =>
  useInvalidatingMutation(updatePermission, permissionKeys.all, mutationConfig);
