import type { ListParams } from '../../../lib/list-query';

const all = ['users'] as const;

/** Every user query sits under `all`, so a change to one refreshes them all. */
export const userKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
};
