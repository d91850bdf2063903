import { apiRoutes } from '@community/shared';
import { api, ifMatch } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { translationKeys } from './keys';

/** Stores the texts of one language; publishing them is a separate step. */
export const updateTranslation = ({
  lang,
  entries,
  version,
}: {
  lang: string;
  entries: Record<string, string>;
  /** The `updatedAt` the texts were edited from, so texts saved meanwhile are not undone. */
  version?: string;
}) => api('PUT', apiRoutes.translations, { body: { lang, data: { lang, entries } }, headers: ifMatch(version) });

export const useUpdateTranslation = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateTranslation> } = {}) =>
  useInvalidatingMutation(updateTranslation, translationKeys.all, mutationConfig);
