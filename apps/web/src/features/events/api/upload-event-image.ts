import { eventPaths, type EventRecord } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

/** Sets the event's picture; the rules of profile images apply. */
export function uploadEventImage({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.append('file', file);
  return api<EventRecord>('POST', eventPaths.image(id), { form });
}

export const useUploadEventImage = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof uploadEventImage> } = {}) =>
  useInvalidatingMutation(uploadEventImage, eventKeys.all, mutationConfig);
