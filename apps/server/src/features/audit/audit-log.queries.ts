import { and, asc, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditLogQuery } from '@community/shared';
import type { Db } from '../../db/client.js';
import { listPage } from '../../db/list.js';
import { auditEvents } from '../../db/schema.js';

type AuditRow = typeof auditEvents.$inferSelect;

const toAuditEvent = (row: AuditRow): AuditEvent => ({
  _id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId || row.actorEmail ? { _id: row.actorId, email: row.actorEmail } : null,
  action: row.action,
  target: row.targetType && row.targetId ? { type: row.targetType, _id: row.targetId, label: row.targetLabel } : null,
  changes: row.changes ?? null,
  ip: row.ip,
  userAgent: row.userAgent,
});

/** `%` and `_` in an action prefix match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Filters = Omit<AuditLogQuery, 'page' | 'limit' | 'sort'>;

/**
 * A value the planner cannot see while it plans. An actor's or a target's entries may lie
 * anywhere in time: told that an actor has many, the planner walks the time index betting that
 * 25 of them are recent, and reads past every newer entry of everyone else when they are not
 * (200,225 rows for 25 on the bench data set once its statistics were a sixth of a table old;
 * 110 ms against 0.3). Unseen, the value is taken as one among many, and its entries are read
 * through their own index, whatever the statistics say.
 */
const unseenByPlanner = (value: string, type: 'uuid' | 'text') => sql`(select ${value}::${sql.raw(type)})`;

/** The filters as one condition; an action ending in a dot matches every action under it. */
export function auditWhere(filters: Filters): SQL | undefined {
  const conditions = [
    filters.actor ? eq(auditEvents.actorId, unseenByPlanner(filters.actor, 'uuid')) : undefined,
    filters.action
      ? filters.action.endsWith('.')
        ? like(auditEvents.action, `${escapeLike(filters.action)}%`)
        : eq(auditEvents.action, filters.action)
      : undefined,
    filters.targetType ? eq(auditEvents.targetType, filters.targetType) : undefined,
    filters.targetId ? eq(auditEvents.targetId, unseenByPlanner(filters.targetId, 'text')) : undefined,
    filters.from ? gte(auditEvents.at, filters.from) : undefined,
    filters.to ? lt(auditEvents.at, filters.to) : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const order = (isDescending: boolean) =>
  isDescending ? [desc(auditEvents.at), desc(auditEvents.id)] : [asc(auditEvents.at), asc(auditEvents.id)];

/** A page of the audit log, read afresh: entries arrive with every sign-in and are not announced. */
export function listAuditEvents(db: Db, query: AuditLogQuery) {
  const where = auditWhere(query);
  const isDescending = query.sort.isDescending;
  return listPage(db, {
    name: `audit ${isDescending ? 'newest' : 'oldest'}`,
    query,
    table: 'audit_events',
    source: 'never',
    where,
    fetch: async ({ offset, limit, reversed }) => {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(where)
        .orderBy(...order(reversed ? !isDescending : isDescending))
        .limit(limit)
        .offset(offset);
      return rows.map(toAuditEvent);
    },
  });
}

const EXPORT_BATCH = 1000;

/**
 * Every entry the filters match, in the list's order, a batch at a time: each batch starts after
 * the last (at, id) of the one before, so memory holds one batch and the index does the seeking.
 */
export async function* exportAuditEvents(db: Db, query: Omit<AuditLogQuery, 'page' | 'limit'>) {
  const where = auditWhere(query);
  const isDescending = query.sort.isDescending;
  // The key as text: exact to the microsecond, where a JS Date would round to the millisecond.
  let after: { at: string; id: string } | undefined;
  for (;;) {
    const beyond = after
      ? isDescending
        ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(${auditEvents.at}, ${auditEvents.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await db
      .select({ row: auditEvents, atText: sql<string>`${auditEvents.at}::text` })
      .from(auditEvents)
      .where(and(where, beyond))
      .orderBy(...order(isDescending))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map(({ row }) => toAuditEvent(row));
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.atText, id: last.row.id };
  }
}

export const AUDIT_CSV_HEADER = ['at', 'actor', 'action', 'target type', 'target', 'changes', 'address'] as const;

export const auditCsvCells = (event: AuditEvent) => [
  event.at,
  event.actor?.email ?? event.actor?._id ?? '',
  event.action,
  event.target?.type ?? '',
  event.target?.label ?? event.target?._id ?? '',
  event.changes,
  event.ip,
];
