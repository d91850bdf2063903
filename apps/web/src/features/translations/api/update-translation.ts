import { apiRoutes } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { translationKeys } from './keys';

/** Stores the texts of one language; publishing them is a separate step. */
export const updateTranslation = ({ lang, entries }: { lang: string; entries: Record<string, string> }) =>
  api('PUT', apiRoutes.translations, { body: { lang, data: { lang, entries } } });

export const useUpdateTranslation = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateTranslation> } = {}) =>
  useInvalidatingMutation(updateTranslation, translationKeys.all, mutationConfig);
