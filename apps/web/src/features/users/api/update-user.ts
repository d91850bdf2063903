import { apiRoutes, type UpdateUserBody, type User } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { userKeys } from './keys';

export const updateUser = ({ id, body }: { id: string; body: UpdateUserBody }) =>
  api<User>('PUT', `${apiRoutes.users}/${id}`, { body });

export const useUpdateUser = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUser> } = {}) =>
  useInvalidatingMutation(updateUser, userKeys.all, mutationConfig);
