import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type UserCategoriesResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { clientPermissionKeys } from './keys';

/** The menu is read whole (50 entries) and kept 5 minutes. */
const MENU_LIMIT = 50;
const MENU_STALE_MS = 5 * 60 * 1000;

export const getUserCategories = (signal?: AbortSignal) =>
  api<UserCategoriesResponse>('GET', `${apiRoutes.userCategories}?limit=${MENU_LIMIT}`, { signal });

/** `userId` keeps one menu per person: the next one to sign in never sees the last one's. */
export const getUserCategoriesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: clientPermissionKeys.userCategories(userId),
    queryFn: ({ signal }) => getUserCategories(signal),
    staleTime: MENU_STALE_MS,
  });

export const useUserCategories = (userId: string) => useQuery(getUserCategoriesQueryOptions(userId));
