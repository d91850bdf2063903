import { z } from 'zod';

/** A live sign-in: where from, since when, last seen; `current` is the one asking. */
export const sessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  device: z.object({ browser: z.string().nullable(), system: z.string().nullable() }),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.object({ data: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const revokedSessionsSchema = z.object({ revoked: z.number().int() });
