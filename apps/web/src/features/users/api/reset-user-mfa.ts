import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { userKeys } from './keys';

/** Removes someone's second factors and ends their sessions, for a person who lost theirs. */
export const resetUserMfa = (userId: string) =>
  api<{ message: string }>('POST', `${apiRoutes.users}/${userId}/mfa/reset`, { body: {} });

export const useResetUserMfa = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resetUserMfa> } = {}) =>
  useInvalidatingMutation(resetUserMfa, userKeys.all, mutationConfig);
