import { apiRoutes, type TranslationsResponse } from '@community/shared';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation, type MutationConfig } from '../../../lib/react-query';
import { translationKeys } from './keys';

/** Publishes the stored texts as the files the interfaces read. */
export const generateTranslations = () =>
  api<TranslationsResponse>('POST', apiRoutes.translations, { body: { generate_files: true } });

export const useGenerateTranslations = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof generateTranslations> } = {}) =>
  useInvalidatingMutation(generateTranslations, translationKeys.all, mutationConfig);
