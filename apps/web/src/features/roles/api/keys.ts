import type { ListParams } from '../../../lib/list-query';

const all = ['roles'] as const;

/** Every role query sits under `all`, so a change to one refreshes them all. */
export const roleKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
  choices: (limit: number) => [...all, 'choices', limit] as const,
};
