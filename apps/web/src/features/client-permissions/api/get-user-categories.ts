import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, type UserCategoriesResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { clientPermissionKeys } from './keys';

/** The menu is read whole (50 entries) and kept 5 minutes. */
const MENU_LIMIT = 50;
const MENU_STALE_MS = 5 * 60 * 1000;

export const getUserCategories = (signal?: AbortSignal) =>
  api<UserCategoriesResponse>('GET', `${apiRoutes.userCategories}?limit=${MENU_LIMIT}`, { signal });

/**
 * `userId` keeps one menu per person: the next one to sign in never sees the last one's; the
 * language, one per language, since the server names its own entries in the language asked.
 */
export const getUserCategoriesQueryOptions = (userId: string, language: string) =>
  queryOptions({
    queryKey: clientPermissionKeys.userCategories(userId, language),
    queryFn: ({ signal }) => getUserCategories(signal),
    staleTime: MENU_STALE_MS,
  });

export function useUserCategories(userId: string) {
  const { i18n } = useTranslation();
  return useQuery(getUserCategoriesQueryOptions(userId, i18n.resolvedLanguage ?? 'el'));
}
