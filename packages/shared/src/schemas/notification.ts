import { z } from 'zod';
import { listQuerySchema, paginationSchema } from '../pagination.js';

export const notificationSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = listQuerySchema.omit({ q: true }).extend({
  /** `unread=1` lists only unread notifications. */
  unread: z
    .string()
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

export const notificationListSchema = paginationSchema.extend({
  data: z.array(notificationSchema),
  /** Unread notifications of the caller, whatever the page. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markedReadSchema = z.object({ updated: z.number().int() });
