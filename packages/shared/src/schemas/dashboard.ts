import { z } from 'zod';
import { auditEventSchema } from './audit.js';

/** How many weeks the members card counts new members over. */
export const DASHBOARD_WEEKS = 12;

export const dashboardCardSchema = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('registrations'),
    /** Confirmed their address, waiting for an administrator. */
    waiting: z.number().int(),
    /** Registered, not yet confirmed their address. */
    confirming: z.number().int(),
    latest: z.array(z.object({ inviteId: z.string(), name: z.string(), email: z.string(), createdAt: z.string() })),
  }),
  z.object({
    key: z.literal('messages'),
    new: z.number().int(),
    latest: z.array(z.object({ _id: z.string(), name: z.string(), createdAt: z.string(), excerpt: z.string() })),
  }),
  z.object({
    key: z.literal('members'),
    /** Confirmed and not blocked. */
    total: z.number().int(),
    /** Oldest first; each week starts on Monday (the community's time zone). */
    weeks: z.array(z.object({ start: z.string(), count: z.number().int() })),
  }),
  z.object({ key: z.literal('activity'), latest: z.array(auditEventSchema) }),
]);
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const dashboardSchema = z.object({ cards: z.array(dashboardCardSchema) });
export type Dashboard = z.infer<typeof dashboardSchema>;
