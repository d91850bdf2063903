import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, type TranslationsResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { translationKeys } from './keys';

/** The languages that have texts, with when each was last edited and generated. */
export const getLanguages = () => api<TranslationsResponse>('POST', apiRoutes.translations, { body: {} });

/** Never retried: a failure says so at once. */
export const getLanguagesQueryOptions = () =>
  queryOptions({ queryKey: translationKeys.languages(), queryFn: getLanguages, retry: false });

export const useLanguages = () => useQuery(getLanguagesQueryOptions());
