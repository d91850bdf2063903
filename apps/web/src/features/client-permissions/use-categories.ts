import { useQuery } from '@tanstack/react-query';
import { apiRoutes, type UserCategoriesResponse } from '@community/shared';
import { api } from '../../lib/api-client';
import { useAuth } from '../auth/auth-store';

/** Spec section 9: the menu is cached 5 minutes, 50 entries. */
const CATEGORY_STALE_MS = 5 * 60 * 1000;

export function useCategories() {
  const { userInfo } = useAuth();
  return useQuery({
    queryKey: ['user-categories', userInfo?.user._id ?? 'guest'],
    queryFn: ({ signal }) => api<UserCategoriesResponse>('GET', `${apiRoutes.userCategories}?limit=50`, { signal }),
    staleTime: CATEGORY_STALE_MS,
  });
}
