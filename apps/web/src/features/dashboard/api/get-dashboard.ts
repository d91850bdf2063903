import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type Dashboard } from '@community/shared';
import { api } from '../../../lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

export const getDashboard = (signal?: AbortSignal) => api<Dashboard>('GET', apiRoutes.dashboard, { signal });

/**
 * What needs attention; looked at again as often as the bell is (15 s) while the home screen is
 * open, so a card never lags behind the bell's count.
 */
export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 15_000,
    refetchInterval: 15_000,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
