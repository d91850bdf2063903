import { and, count, desc, eq, sql } from 'drizzle-orm';
import { auditLogQuerySchema, DASHBOARD_WEEKS, type DashboardCard } from '@community/shared';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { contactMessages, invites, users } from '../../db/schema.js';
import { listAuditEvents } from '../audit/audit-log.queries.js';

type Card<K extends DashboardCard['key']> = Extract<DashboardCard, { key: K }>;

const LATEST = 5;
const EXCERPT = 140;
const LATEST_ACTIVITY = 8;

export async function registrationsCard(db: Db): Promise<Card<'registrations'>> {
  const [states, latest] = await Promise.all([
    db
      .select({ status: invites.status, n: count() })
      .from(invites)
      .where(sql`${invites.status} in ('confirming', 'submitted')`)
      .groupBy(invites.status),
    db
      .select({ inviteId: invites.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.userId))
      .where(eq(invites.status, 'submitted'))
      .orderBy(desc(users.createdAt))
      .limit(LATEST),
  ]);
  const of = (status: string) => states.find((row) => row.status === status)?.n ?? 0;
  return {
    key: 'registrations',
    waiting: of('submitted'),
    confirming: of('confirming'),
    latest: latest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export async function messagesCard(db: Db): Promise<Card<'messages'>> {
  const [[counted], latest] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.status, 'new'))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(LATEST),
  ]);
  return {
    key: 'messages',
    new: counted?.n ?? 0,
    latest: latest.map((row) => ({
      _id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      excerpt: row.message.length > EXCERPT ? `${row.message.slice(0, EXCERPT)}…` : row.message,
    })),
  };
}

/**
 * Members are confirmed, unblocked accounts; new ones are counted per week as the community lives
 * it, Monday to Sunday in its time zone.
 */
export async function membersCard(db: Db, timeZone: string): Promise<Card<'members'>> {
  const member = and(eq(users.confirmed, true), eq(users.blocked, false));
  const [[counted], weeks] = await Promise.all([
    db.select({ n: count() }).from(users).where(member),
    queryRows<{ start: string; count: number }>(
      db,
      sql`
      with weeks as (
        select generate_series(
          date_trunc('week', now() at time zone ${timeZone}) - make_interval(weeks => ${DASHBOARD_WEEKS - 1}),
          date_trunc('week', now() at time zone ${timeZone}),
          interval '1 week'
        ) as start
      ),
      joined as (
        select date_trunc('week', ${users.createdAt} at time zone ${timeZone}) as start, count(*)::int as n
        from ${users}
        where ${member}
          and ${users.createdAt} >= (
            (date_trunc('week', now() at time zone ${timeZone}) - make_interval(weeks => ${DASHBOARD_WEEKS - 1}))
            at time zone ${timeZone}
          )
        group by 1
      )
      select to_char(weeks.start, 'YYYY-MM-DD') as start, coalesce(joined.n, 0)::int as count
      from weeks left join joined on joined.start = weeks.start
      order by weeks.start`,
    ),
  ]);
  return {
    key: 'members',
    total: counted?.n ?? 0,
    weeks: weeks.map((week) => ({ start: week.start, count: Number(week.count) })),
  };
}

export async function activityCard(db: Db): Promise<Card<'activity'>> {
  const newest = auditLogQuerySchema.parse({ limit: LATEST_ACTIVITY });
  const page = await listAuditEvents(db, newest);
  return { key: 'activity', latest: page.data };
}
