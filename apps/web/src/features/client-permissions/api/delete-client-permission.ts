import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { clientPermissionKeys } from './keys';

export const deleteClientPermission = (id: string) =>
  api<{ _id: string }>('DELETE', `${apiRoutes.clientPermissions}/${id}`);

export const useDeleteClientPermission = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteClientPermission> } = {}) =>
  useInvalidatingMutation(deleteClientPermission, clientPermissionKeys.all, mutationConfig);
