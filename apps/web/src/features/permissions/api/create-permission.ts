import { apiRoutes, type CreatePermissionBody, type Permission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { permissionKeys } from './keys';

export const createPermission = (body: CreatePermissionBody) =>
  api<Permission>('POST', apiRoutes.permissions, { body });

export const useCreatePermission = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createPermission> } = {}) =>
  useInvalidatingMutation(createPermission, permissionKeys.all, mutationConfig);
