import type { ListParams } from '../../../lib/list-query';

const all = ['client-permissions'] as const;

/** Every client permission query sits under `all`, so a change to one refreshes them all. */
export const clientPermissionKeys = {
  all,
  /** The server sorts and searches the installed names in the language asked. */
  list: (params: ListParams, language: string) => [...all, 'list', params, language] as const,
  /**
   * The menu of the signed-in user (or of a guest). It stays outside `all`: an edit reaches the
   * menu when its 5 minutes are up, or at the next sign-in. The names come in the screen's language.
   */
  userCategories: (userId: string, language: string) => ['user-categories', userId, language] as const,
};
