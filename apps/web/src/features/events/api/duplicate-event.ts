import { eventPaths, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

/** A draft copy with the same fields and no answers; the copy is answered. */
export const duplicateEvent = (id: string) => api<EventRecord>('POST', eventPaths.duplicate(id), { body: {} });

export const useDuplicateEvent = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof duplicateEvent> } = {}) =>
  useInvalidatingMutation(duplicateEvent, eventKeys.all, mutationConfig);
