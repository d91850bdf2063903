import { apiRoutes, type UpdateRoleBody, type Role } from '@community/shared';
import { api, ifMatch } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { roleKeys } from './keys';

/** `version`: the `updatedAt` the form read, so a change saved meanwhile is not undone. */
export const updateRole = ({ id, body, version }: { id: string; body: UpdateRoleBody; version?: string }) =>
  api<Role>('PUT', `${apiRoutes.roles}/${id}`, { body, headers: ifMatch(version) });

export const useUpdateRole = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateRole> } = {}) =>
  useInvalidatingMutation(updateRole, roleKeys.all, mutationConfig);
