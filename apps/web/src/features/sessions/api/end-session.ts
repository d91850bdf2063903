import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { sessionKeys } from './keys';

/** Signs out one of one's own sessions, elsewhere. */
export const endSession = (id: string) => api<{ message: string }>('DELETE', `${apiRoutes.sessions}/${id}`);

export const useEndSession = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof endSession> } = {}) =>
  useInvalidatingMutation(endSession, sessionKeys.all, mutationConfig);
