import { apiRoutes, type UpdateClientPermissionBody, type ClientPermission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { clientPermissionKeys } from './keys';

export const updateClientPermission = ({ id, body }: { id: string; body: UpdateClientPermissionBody }) =>
  api<ClientPermission>('PUT', `${apiRoutes.clientPermissions}/${id}`, { body });

export const useUpdateClientPermission = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateClientPermission> } = {}) =>
  useInvalidatingMutation(updateClientPermission, clientPermissionKeys.all, mutationConfig);
