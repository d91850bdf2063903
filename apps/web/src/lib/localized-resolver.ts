import { localizeMessage } from '@community/shared';
import i18next from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** Every `message` of a form's errors, put in the interface's language. */
function localizeErrors(errors: FieldErrors, language: 'el' | 'en'): FieldErrors {
  const localized: Record<string, unknown> = {};
  for (const [field, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') continue;
    const message = 'message' in error && typeof error.message === 'string' ? error.message : undefined;
    localized[field] = message
      ? { ...error, message: localizeMessage(message, language) }
      : localizeErrors(error as FieldErrors, language);
  }
  return localized as FieldErrors;
}

/**
 * The shared schemas speak the API's English; a form shows the same rule in the reader's
 * language, through the same catalogue the server answers from.
 */
export function localizedResolver<Input extends FieldValues, Output>(
  resolver: Resolver<Input, unknown, Output>,
): Resolver<Input, unknown, Output> {
  return async (...args) => {
    const result = await resolver(...args);
    const language = i18next.resolvedLanguage === 'en' ? 'en' : 'el';
    return { ...result, errors: localizeErrors(result.errors, language) } as typeof result;
  };
}
