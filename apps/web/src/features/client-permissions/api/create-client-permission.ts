import { apiRoutes, type CreateClientPermissionBody, type ClientPermission } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { clientPermissionKeys } from './keys';

export const createClientPermission = (body: CreateClientPermissionBody) =>
  api<ClientPermission>('POST', apiRoutes.clientPermissions, { body });

export const useCreateClientPermission = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createClientPermission> } = {}) =>
  useInvalidatingMutation(createClientPermission, clientPermissionKeys.all, mutationConfig);
