import { apiRoutes, type CreateRoleBody, type Role } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { roleKeys } from './keys';

export const createRole = (body: CreateRoleBody) => api<Role>('POST', apiRoutes.roles, { body });

export const useCreateRole = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createRole> } = {}) =>
  useInvalidatingMutation(createRole, roleKeys.all, mutationConfig);
