import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { sessionKeys } from './keys';

/** Signs out every session of one's own but this one. */
export const endOtherSessions = () =>
  api<{ revoked: number }>('POST', `${apiRoutes.sessions}/revoke-others`, { body: {} });

export const useEndOtherSessions = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof endOtherSessions> } = {}) =>
  useInvalidatingMutation(endOtherSessions, sessionKeys.all, mutationConfig);
