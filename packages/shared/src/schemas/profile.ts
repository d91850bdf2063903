import { z } from 'zod';
import { messages } from '../messages.js';
import {
  booleanField,
  MAX_PASSWORD_LENGTH,
  optionalPasswordSchema,
  optionalText,
  requiredText,
  userLanguageSchema,
} from './common.js';

export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  image: z.string().nullable(),
  user: z.object({ _id: z.string(), email: z.string() }),
});
export type Profile = z.infer<typeof profileSchema>;

export const myProfileResponseSchema = z.object({
  profile: profileSchema,
  /** The language of the mail this person gets. */
  language: userLanguageSchema,
  /** An administrator's choice: a mail for each new contact message. */
  mailOnContact: z.boolean(),
  /** Present only when the password changed: older tokens have just ended. */
  token: z.string().optional(),
});
export type MyProfileResponse = z.infer<typeof myProfileResponseSchema>;

/** Profile images are served by this server; anything else is refused. */
export const PROFILE_IMAGE_PATH_PREFIX = '/api/upload/images/';
const PROFILE_IMAGE_PATH = /^\/api\/upload\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * A number as people write one: digits, at least three (112 is one), with an optional leading +
 * and the spaces, brackets, dashes, dots and slashes that group them. Letters are refused: they
 * are a name or an address typed into the wrong field.
 */
const PHONE_PATTERN = /^\+?[\d ()./-]+$/;
const MIN_PHONE_DIGITS = 3;
const isPhoneNumber = (value: string) =>
  PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= MIN_PHONE_DIGITS;

/** The image id inside a path that passed the schema. */
export const imageIdFromPath = (path: string) => path.slice(PROFILE_IMAGE_PATH_PREFIX.length);

export const updateMyProfileBodySchema = z.object({
  name: requiredText('Name', 100),
  phone: optionalText('Phone', 40).refine((value) => value === null || isPhoneNumber(value), messages.phoneFormat),
  address: optionalText('Address', 300),
  bio: optionalText('Bio', 2000),
  password: optionalPasswordSchema,
  /** Asked with a new password when the account has a second factor: a session alone may not change it. */
  currentPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
  image: optionalText('Image', 300).refine(
    (value) => value === null || PROFILE_IMAGE_PATH.test(value),
    messages.imageNotUploaded,
  ),
  /** Left out: the saved language stays. */
  language: userLanguageSchema.optional(),
  /** Left out: the saved choice stays. */
  mailOnContact: booleanField('Mail on contact').optional(),
});
export type UpdateMyProfileBody = z.infer<typeof updateMyProfileBodySchema>;
