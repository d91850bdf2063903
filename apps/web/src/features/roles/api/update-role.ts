import { apiRoutes, type UpdateRoleBody, type Role } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { roleKeys } from './keys';

export const updateRole = ({ id, body }: { id: string; body: UpdateRoleBody }) =>
  api<Role>('PUT', `${apiRoutes.roles}/${id}`, { body });

export const useUpdateRole = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateRole> } = {}) =>
  useInvalidatingMutation(updateRole, roleKeys.all, mutationConfig);
