import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRoutes, type SiteConfig } from '@community/shared';
import { api } from '../../../lib/api-client';
import { siteConfigKeys } from './keys';

export const getSiteConfig = (signal?: AbortSignal) => api<SiteConfig>('GET', apiRoutes.siteConfig, { signal });

/** Fixed while the server runs: read once per page load. */
export const getSiteConfigQueryOptions = () =>
  queryOptions({ queryKey: siteConfigKeys.all, queryFn: ({ signal }) => getSiteConfig(signal), staleTime: Infinity });

export const useSiteConfig = () => useQuery(getSiteConfigQueryOptions());

/** The community's own name (SITE_NAME), as its public site and its mails say it; the default one until known. */
export function useSiteName(): string {
  const { t } = useTranslation();
  return useSiteConfig().data?.site.name ?? t('public.siteName');
}
