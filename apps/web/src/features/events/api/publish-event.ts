import { eventPaths, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

/** Shows the event on the public site. */
export const publishEvent = (id: string) => api<EventRecord>('POST', eventPaths.publish(id), { body: {} });

export const usePublishEvent = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof publishEvent> } = {}) =>
  useInvalidatingMutation(publishEvent, eventKeys.all, mutationConfig);
