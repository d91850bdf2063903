import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type TranslationsResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { translationKeys } from './keys';

/** The stored texts of one language. */
export const getTranslation = (lang: string) =>
  api<TranslationsResponse>('POST', apiRoutes.translations, { body: { lang } });

/** Asked only once a language is chosen; never retried. */
export const getTranslationQueryOptions = (lang: string | undefined) =>
  queryOptions({
    queryKey: translationKeys.detail(lang ?? ''),
    queryFn: () => getTranslation(lang ?? ''),
    enabled: lang !== undefined,
    retry: false,
  });

export const useLanguageTranslation = (lang: string | undefined) => useQuery(getTranslationQueryOptions(lang));
