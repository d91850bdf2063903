import { z } from 'zod';
import { messages } from '../messages.js';

/** Two or three lower-case letters: el, en, it, us, ... (only the base language is ever used). */
export const languageCodeSchema = z
  .string({ error: () => messages.required('Language') })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}$/, messages.languageCode);

export const MAX_TRANSLATION_KEYS = 5000;
const MAX_KEY_LENGTH = 200;
const MAX_TEXT_LENGTH = 10_000;

/** Keys are trimmed and blank ones dropped; texts are kept as written. */
export const translationEntriesSchema = z
  .record(
    z.string(),
    z
      .string({ error: () => messages.translationTextType })
      .max(MAX_TEXT_LENGTH, messages.translationTextTooLong)
      .refine((value) => !value.includes('\u0000'), messages.nulCharacter),
  )
  .refine((entries) => Object.keys(entries).length <= MAX_TRANSLATION_KEYS, messages.translationTooManyKeys)
  // Checked on the whole record: a failing record key would name the whole key in its message.
  .refine(
    (entries) => Object.keys(entries).every((key) => key.length <= MAX_KEY_LENGTH),
    messages.translationKeyTooLong,
  )
  .transform((entries) => {
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(entries)) {
      const trimmed = key.trim();
      if (trimmed && !trimmed.includes('\u0000')) kept[trimmed] = value;
    }
    return kept;
  });

export const translationSchema = z.object({
  language: z.string(),
  data: z.object({ lang: z.string(), entries: z.record(z.string(), z.string()) }),
  lastGenerated: z.string().nullable(),
  updatedAt: z.string(),
});
export type Translation = z.infer<typeof translationSchema>;

export const translationSummarySchema = translationSchema.omit({ data: true }).extend({ keys: z.number().int() });
export type TranslationSummary = z.infer<typeof translationSummarySchema>;

/** One call, three answers: a language (`lang`), the list (an empty body), or a regeneration (`generate_files`). */
export const translationsQueryBodySchema = z
  .object({
    lang: languageCodeSchema.optional(),
    generate_files: z.boolean().optional(),
  })
  .nullish()
  .transform((body) => body ?? {});

export const translationsResponseSchema = z.object({
  langFound: z.boolean().optional(),
  translation: translationSchema.nullable().optional(),
  translations: z.array(translationSummarySchema).optional(),
  /** With `translation`: its texts the next Generate would add or reword, from a newer web build. */
  awaitingGenerate: z.number().int().optional(),
  message: z.string().optional(),
});
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;

export const saveTranslationBodySchema = z.object({
  lang: languageCodeSchema,
  data: z.object({ lang: z.string().optional(), entries: translationEntriesSchema }),
});
export type SaveTranslationBody = z.input<typeof saveTranslationBodySchema>;

export const saveTranslationResponseSchema = z.object({ message: z.string(), translation: translationSchema });
