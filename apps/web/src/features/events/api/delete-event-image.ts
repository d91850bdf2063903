import { eventPaths, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

export const deleteEventImage = (id: string) => api<EventRecord>('DELETE', eventPaths.image(id));

export const useDeleteEventImage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof deleteEventImage> } = {}) =>
  useInvalidatingMutation(deleteEventImage, eventKeys.all, mutationConfig);
