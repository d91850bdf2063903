import { apiRoutes, type CreateUserBody, type User } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { userKeys } from './keys';

export const createUser = (body: CreateUserBody) => api<User>('POST', apiRoutes.users, { body });

export const useCreateUser = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createUser> } = {}) =>
  useInvalidatingMutation(createUser, userKeys.all, mutationConfig);
