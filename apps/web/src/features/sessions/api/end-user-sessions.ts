import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { sessionKeys } from './keys';

/** Signs someone out everywhere. */
export const endUserSessions = (userId: string) =>
  api<{ revoked: number }>('POST', `${apiRoutes.users}/${userId}/sessions/revoke`, { body: {} });

export const useEndUserSessions = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof endUserSessions> } = {}) =>
  useInvalidatingMutation(endUserSessions, sessionKeys.all, mutationConfig);
