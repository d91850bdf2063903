import type { ListParams } from '../../../lib/list-query';

const all = ['events'] as const;

/** Every event query sits under `all`: a change to one event refreshes lists, attendees and my events. */
export const eventKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
  one: (id: string) => [...all, 'one', id] as const,
  attendees: (id: string, params: ListParams) => [...all, 'attendees', id, params] as const,
  mine: () => [...all, 'mine'] as const,
};
