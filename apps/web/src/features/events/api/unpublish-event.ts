import { eventPaths, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

/** Takes the event off the public site: a draft again, its answers kept. */
export const unpublishEvent = (id: string) => api<EventRecord>('POST', eventPaths.unpublish(id), { body: {} });

export const useUnpublishEvent = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof unpublishEvent> } = {}) =>
  useInvalidatingMutation(unpublishEvent, eventKeys.all, mutationConfig);
