import { z } from 'zod';
import { messages } from '../messages.js';
import { listQuerySchema } from '../pagination.js';
import { dateParam, idParam, sortParam } from '../list-params.js';

export const auditEventSchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** Null for the system or a caller nobody knows; the email as it was at the time. */
  actor: z.object({ _id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), _id: z.string(), label: z.string().nullable() }).nullable(),
  /** `{ field: [before, after] }`; secrets read "[redacted]". */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** What the records show in place of a person who deleted their account (screens say it in their language). */
export const DELETED_USER = 'deleted user';

export const AUDIT_SORT_FIELDS = ['at'] as const;

const shortText = (label: string) =>
  z
    .string()
    .max(100, { error: messages.tooLong(label, 100), abort: true })
    .optional()
    .transform((value) => value?.trim() || undefined);

/**
 * The audit log's list: newest first unless `sort=at`; filters by actor (a user id), action (exact,
 * or every action under a prefix ending in a dot: `auth.`), target type and id, and a date range.
 */
export const auditLogQuerySchema = listQuerySchema.omit({ q: true }).extend({
  sort: sortParam(AUDIT_SORT_FIELDS, '-at'),
  actor: idParam('Actor'),
  action: shortText('Action'),
  targetType: shortText('Target type'),
  targetId: shortText('Target id'),
  from: dateParam('From'),
  to: dateParam('To'),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
/** The same filters, as the screen keeps them in its URL and sends them. */
export type AuditLogFilters = z.input<typeof auditLogQuerySchema>;
