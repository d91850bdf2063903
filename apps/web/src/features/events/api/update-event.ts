import { eventPaths, type EventBody, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

/** Replaces every editable field; status, image and answers stay. */
export const updateEvent = ({ id, body }: { id: string; body: EventBody }) =>
  api<EventRecord>('PUT', eventPaths.one(id), { body });

export const useUpdateEvent = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateEvent> } = {}) =>
  useInvalidatingMutation(updateEvent, eventKeys.all, mutationConfig);
