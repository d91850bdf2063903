import type { ListParams } from '../../../lib/list-query';

const all = ['permissions'] as const;

/** Every permission query sits under `all`, so a change to one refreshes them all. */
export const permissionKeys = {
  all,
  /** The server sorts and searches the installed names in the language asked. */
  list: (params: ListParams, language: string) => [...all, 'list', params, language] as const,
};
