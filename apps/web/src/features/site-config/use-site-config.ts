import { useQuery } from '@tanstack/react-query';
import { apiRoutes, type SiteConfig } from '@community/shared';
import { api } from '../../lib/api-client';

/** Fixed while the server runs: read once per page load. */
export const useSiteConfig = () =>
  useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => api<SiteConfig>('GET', apiRoutes.siteConfig, { signal }),
    staleTime: Infinity,
  });
