import type { ListParams } from '../../../lib/list-query';

const all = ['user-roles'] as const;

/** Every user role query sits under `all`, so a change to one refreshes them all. */
export const userRoleKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
};
