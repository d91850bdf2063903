import type { ListParams } from '../../../lib/list-query';

const all = ['permissions'] as const;

/** Every permission query sits under `all`, so a change to one refreshes them all. */
export const permissionKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
};
