import type { ListParams } from '../../../lib/list-query';

const all = ['roles'] as const;

/** Which roles a picker offers: every one (to filter by), or those the reader may give. */
export type RoleChoices = 'all' | 'grantable';

/** Every role query sits under `all`, so a change to one refreshes them all. */
export const roleKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
  choices: (limit: number, which: RoleChoices) => [...all, 'choices', limit, which] as const,
};
