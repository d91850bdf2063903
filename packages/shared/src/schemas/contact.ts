import { z } from 'zod';
import { messages } from '../messages.js';
import { listQuerySchema } from '../pagination.js';
import { requiredText } from './common.js';

/** new until answered or put aside; handled once replied to; archived when filed away. */
export const CONTACT_STATUSES = ['new', 'handled', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

const contactStatusSchema = z.enum(CONTACT_STATUSES, { error: () => messages.contactStatus });

export const contactReplySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  authorName: z.string(),
  body: z.string(),
});
export type ContactReply = z.infer<typeof contactReplySchema>;

export const contactMessageSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  /** When it was last answered or marked handled; kept while archived, so it is restored handled. */
  handledAt: z.string().nullable(),
  /** Oldest first. */
  replies: z.array(contactReplySchema),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** `q` searches the name, the address and the message. */
export const contactMessagesQuerySchema = listQuerySchema.extend({ status: contactStatusSchema.optional() });
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuerySchema>;

export const updateContactMessageBodySchema = z.object({ status: contactStatusSchema });

export const contactReplyBodySchema = z.object({ body: requiredText('Reply', 5000) });
export type ContactReplyBody = z.infer<typeof contactReplyBodySchema>;
