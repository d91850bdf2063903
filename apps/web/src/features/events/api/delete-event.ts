import { eventPaths } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

export const deleteEvent = (id: string) => api<{ _id: string }>('DELETE', eventPaths.one(id));

export const useDeleteEvent = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteEvent> } = {}) =>
  useInvalidatingMutation(deleteEvent, eventKeys.all, mutationConfig);
