import { eventPaths, type RsvpState } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { eventKeys } from './keys';

/** Takes back my "going" to an event. */
export const cancelRsvp = (id: string) => api<RsvpState>('DELETE', eventPaths.rsvp(id));

export const useCancelRsvp = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof cancelRsvp> } = {}) =>
  useInvalidatingMutation(cancelRsvp, eventKeys.all, mutationConfig);
