import { apiRoutes, type CreateUserRoleBody, type UserRole } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { userRoleKeys } from './keys';

export const createUserRole = (body: CreateUserRoleBody) => api<UserRole>('POST', apiRoutes.userRoles, { body });

export const useCreateUserRole = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createUserRole> } = {}) =>
  useInvalidatingMutation(createUserRole, userRoleKeys.all, mutationConfig);
