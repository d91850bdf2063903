import type { ListParams } from '../../../lib/list-query';

const all = ['invites'] as const;

/** Every invite query sits under `all`, so a change to one invite refreshes them all. */
export const inviteKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
  validation: (token: string) => [...all, 'validation', token] as const,
};
