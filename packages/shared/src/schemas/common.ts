import { z } from 'zod';
import { messages } from '../messages.js';

export const idSchema = z.string().uuid(messages.invalidId);
export const idParamsSchema = z.object({ id: idSchema });
export const deletedSchema = z.object({ _id: z.string() });
export const errorSchema = z.object({ error: z.string() });

const hasNul = (value: string) => value.includes('\u0000');
/** Anything that is neither space nor a character that is never drawn. */
const VISIBLE_CHARACTER = /[^\s\p{Cf}\p{Cc}]/u;

/** A required text field whose messages name it, as the forms show them. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required(label) : messages.notText(label),
    })
    .trim()
    .min(1, { error: messages.required(label), abort: true })
    .max(max, { error: messages.tooLong(label, max), abort: true })
    // Only invisible characters (a zero-width space) would show as a blank name.
    .refine((value) => VISIBLE_CHARACTER.test(value), { error: messages.required(label), abort: true })
    .refine((value) => !hasNul(value), messages.nulCharacter);

/** An optional text field: absent, null or blank all mean "no value". */
export const optionalText = (label: string, max = 1000) =>
  z
    .string({ error: () => messages.notText(label) })
    .trim()
    .max(max, { error: messages.tooLong(label, max), abort: true })
    .refine((value) => !hasNul(value), messages.nulCharacter)
    .nullish()
    .transform((value) => value || null);

/**
 * A local part, an at sign and a domain of dot-separated labels. No two parts can match the same
 * characters, so the pattern runs in linear time on any input.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const MAX_EMAIL_LENGTH = 254;

/** Characters that show as nothing (a zero-width space, a soft hyphen): an address that looks like another. */
const INVISIBLE_CHARACTER = /[\p{Cf}\p{Cc}]/u;

/**
 * The length is checked first and stops validation: no pattern ever sees a string longer than an
 * address can be. Addresses are compared in one Unicode form, compatibility characters folded (a
 * fullwidth "ａ" is an "a"), and in lower case.
 */
export const emailSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messages.required('Email') : messages.notText('Email'),
  })
  .trim()
  .min(1, { error: messages.required('Email'), abort: true })
  .max(MAX_EMAIL_LENGTH, { error: messages.tooLong('Email', MAX_EMAIL_LENGTH), abort: true })
  .regex(EMAIL_PATTERN, messages.emailFormat)
  .refine((value) => !INVISIBLE_CHARACTER.test(value), messages.emailFormat)
  .transform((value) => value.normalize('NFKC').toLowerCase());

/** argon2 input is capped so a huge password cannot tie up the hashing pool. */
export const MAX_PASSWORD_LENGTH = 128;

export const passwordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messages.required('Password') : messages.notText('Password'),
  })
  .min(1, { error: messages.required('Password'), abort: true })
  .min(6, { error: messages.passwordMin, abort: true })
  .max(MAX_PASSWORD_LENGTH, { error: messages.tooLong('Password', MAX_PASSWORD_LENGTH), abort: true })
  .refine((value) => !hasNul(value), messages.nulCharacter);

/** Blank means "keep the current password" on update forms. */
export const optionalPasswordSchema = z
  .string({ error: () => messages.notText('Password') })
  .max(MAX_PASSWORD_LENGTH, { error: messages.tooLong('Password', MAX_PASSWORD_LENGTH), abort: true })
  .refine((value) => value === '' || value.length >= 6, messages.passwordMin)
  .refine((value) => !hasNul(value), messages.nulCharacter)
  .nullish()
  .transform((value) => value || undefined);

export const booleanField = (label: string) => z.boolean({ error: () => messages.notBoolean(label) });

/** The languages mail is written in; a person's choice is kept on their account. */
export const USER_LANGUAGES = ['el', 'en'] as const;
export const userLanguageSchema = z.enum(USER_LANGUAGES, { error: () => messages.userLanguage });
