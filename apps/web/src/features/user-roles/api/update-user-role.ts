import { apiRoutes, type UpdateUserRoleBody, type UserRole } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { userRoleKeys } from './keys';

export const updateUserRole = ({ id, body }: { id: string; body: UpdateUserRoleBody }) =>
  api<UserRole>('PUT', `${apiRoutes.userRoles}/${id}`, { body });

export const useUpdateUserRole = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateUserRole> } = {}) =>
  useInvalidatingMutation(updateUserRole, userRoleKeys.all, mutationConfig);
