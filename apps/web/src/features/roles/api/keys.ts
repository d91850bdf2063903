import type { ListParams } from '../../../lib/list-query';
import type { RoleChoices } from './get-roles';

const all = ['roles'] as const;

/** Every role query sits under `all`, so a change to one refreshes them all. */
export const roleKeys = {
  all,
  list: (params: ListParams) => [...all, 'list', params] as const,
  choices: (limit: number, which: RoleChoices) => [...all, 'choices', limit, which] as const,
};
