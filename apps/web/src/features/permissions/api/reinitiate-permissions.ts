import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { permissionKeys } from './keys';

/** Adds a permission row for every route the server has and the table lacks; says how many. */
export const reinitiatePermissions = () => api<{ createdCount: number }>('POST', apiRoutes.reinitiatePermissions);

export const useReinitiatePermissions = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof reinitiatePermissions> } = {}) =>
  useInvalidatingMutation(reinitiatePermissions, permissionKeys.all, mutationConfig);
