import { z } from 'zod';
import { CONTACT_LIMITS } from '../contact-limits.js';
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
  name: requiredText('Name', CONTACT_LIMITS.name),
  email: emailSchema,
  message: requiredText('Message', CONTACT_LIMITS.message),
  /** A field people never see: a bot that fills it is answered as anyone is, and nothing is kept. */
  website: z.string().max(500).optional(),
  /** When the form appeared (epoch ms): a post within 3 s of it is a bot's. */
  startedAt: z.number().int().nonnegative().optional(),
});
export type ContactBody = z.infer<typeof contactBodySchema>;
