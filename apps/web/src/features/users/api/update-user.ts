import { apiRoutes, type UpdateUserBody, type User } from '@community/shared';
import { api, ifMatch } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { userKeys } from './keys';

/** `version`: the `updatedAt` the form read, so a change saved meanwhile is not undone. */
export const updateUser = ({ id, body, version }: { id: string; body: UpdateUserBody; version?: string }) =>
  api<User>('PUT', `${apiRoutes.users}/${id}`, { body, headers: ifMatch(version) });

export const useUpdateUser = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUser> } = {}) =>
  useInvalidatingMutation(updateUser, userKeys.all, mutationConfig);
