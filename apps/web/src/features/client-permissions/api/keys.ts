import type { ListParams } from '../../../lib/list-query';
import { MY_MENU } from '../../../lib/query-client';

const all = [MY_MENU[0]] as const;

/** Every client permission query sits under `all`, so a change to one refreshes them all. */
export const clientPermissionKeys = {
  all,
  /** The server sorts and searches the installed names in the language asked. */
  list: (params: ListParams, language: string) => [...all, 'list', params, language] as const,
  /**
   * The menu of the signed-in user (or of a guest), in the screen's language. Under `all`: an entry
   * renamed, added or deleted shows in the menu at once; a role's grants reach it within 5 minutes.
   */
  userCategories: (userId: string, language: string) => [...MY_MENU, userId, language] as const,
};
