import { z } from 'zod';
import { messages } from '../messages.js';

export const idSchema = z.string().uuid(messages.invalidId);
export const idParamsSchema = z.object({ id: idSchema });
export const deletedSchema = z.object({ _id: z.string() });
export const errorSchema = z.object({ error: z.string() });

const hasNul = (value: string) => value.includes('\u0000');

/** A required text field whose messages name it, as the forms show them. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? messages.required(label) : `${label} must be text`,
    })
    .trim()
    .min(1, messages.required(label))
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasNul(value), messages.nulCharacter);

/** An optional text field: absent, null or blank all mean "no value". */
export const optionalText = (label: string, max = 1000) =>
  z
    .string({ error: () => `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasNul(value), messages.nulCharacter)
    .nullish()
    .transform((value) => value || null);

export const emailSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messages.required('Email') : 'Email must be text',
  })
  .trim()
  .min(1, messages.required('Email'))
  .max(254, 'Email must be at most 254 characters')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, messages.emailFormat)
  .transform((value) => value.toLowerCase());

/** argon2 input is capped so a huge password cannot tie up the hashing pool. */
export const passwordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? messages.required('Password') : 'Password must be text',
  })
  .min(1, messages.required('Password'))
  .min(6, messages.passwordMin)
  .max(128, 'Password must be at most 128 characters')
  .refine((value) => !hasNul(value), messages.nulCharacter);

/** Blank means "keep the current password" on update forms. */
export const optionalPasswordSchema = z
  .string({ error: () => 'Password must be text' })
  .max(128, 'Password must be at most 128 characters')
  .refine((value) => value === '' || value.length >= 6, messages.passwordMin)
  .refine((value) => !hasNul(value), messages.nulCharacter)
  .nullish()
  .transform((value) => value || undefined);

export const booleanField = (label: string) => z.boolean({ error: () => `${label} must be true or false` });

export const timestampSchema = z.string();
