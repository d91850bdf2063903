import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type Dashboard } from '@community/shared';
import { api } from '../../../lib/api-client';

export const dashboardKeys = { all: ['dashboard'] as const };

export const getDashboard = (signal?: AbortSignal) => api<Dashboard>('GET', apiRoutes.dashboard, { signal });

/** What needs attention; looked at again every minute while the home screen is open. */
export const getDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const useDashboard = () => useQuery(getDashboardQueryOptions());
