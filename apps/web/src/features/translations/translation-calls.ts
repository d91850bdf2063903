import { apiRoutes, type TranslationsResponse } from '@community/shared';
import { api } from '../../lib/api-client';

export const translationsKey = ['translations'] as const;

export const listLanguages = () => api<TranslationsResponse>('POST', apiRoutes.translations, { body: {} });
export const fetchTranslation = (lang: string) =>
  api<TranslationsResponse>('POST', apiRoutes.translations, { body: { lang } });
export const generateTranslations = () =>
  api<TranslationsResponse>('POST', apiRoutes.translations, { body: { generate_files: true } });
export const saveTranslation = (lang: string, entries: Record<string, string>) =>
  api('PUT', apiRoutes.translations, { body: { lang, data: { lang, entries } } });
