import { z } from 'zod';
import { emailSchema, requiredText } from './common.js';

/** A post of the Official Feed, with the spec's field names. */
export const feedPostSchema = z.object({
  user_photo: z.string().nullable(),
  user_name: z.string(),
  message_url: z.string(),
  message_text: z.string(),
  message_photo: z.array(z.string()),
});
export type FeedPost = z.infer<typeof feedPostSchema>;

export const contactBodySchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  message: requiredText('Message', 5000),
});
export type ContactBody = z.infer<typeof contactBodySchema>;
