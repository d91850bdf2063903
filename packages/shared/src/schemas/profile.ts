import { z } from 'zod';
import { optionalPasswordSchema, optionalText, requiredText } from './common.js';

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
  /** Present only when the password changed: older tokens have just ended. */
  token: z.string().optional(),
});
export type MyProfileResponse = z.infer<typeof myProfileResponseSchema>;

/** Profile images are served by this server; anything else is refused. */
export const PROFILE_IMAGE_PATH_PREFIX = '/api/upload/images/';

export const updateMyProfileBodySchema = z.object({
  name: requiredText('Name', 100),
  phone: optionalText('Phone', 40),
  address: optionalText('Address', 300),
  bio: optionalText('Bio', 2000),
  password: optionalPasswordSchema,
  image: optionalText('Image', 300).refine(
    (value) => value === null || value.startsWith(PROFILE_IMAGE_PATH_PREFIX),
    'Image must be an uploaded image',
  ),
});
export type UpdateMyProfileBody = z.infer<typeof updateMyProfileBodySchema>;
