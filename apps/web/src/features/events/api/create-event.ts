import { apiRoutes, type EventBody, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

/** A new event is a draft until it is published. */
export const createEvent = (body: EventBody) => api<EventRecord>('POST', apiRoutes.events, { body });

export const useCreateEvent = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createEvent> } = {}) =>
  useInvalidatingMutation(createEvent, eventKeys.all, mutationConfig);
