import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { localizeMessage, paginate, type Language, type Notification, type NotificationList } from '@community/shared';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';

/** A page of the caller's notifications, in the caller's language. */
type Query = { page: number; limit: number; unread: boolean; language: Language };

/**
 * One read of the caller's notifications that changes whenever the list could: counts and the
 * latest creation and read times. It makes the ETag, so an unchanged poll costs this read only.
 */
export async function notificationState(db: Db, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      lastCreated: sql<string | null>`max(${notifications.createdAt})::text`,
      lastRead: sql<string | null>`max(${notifications.readAt})::text`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const state = {
    total: Number(row?.total ?? 0),
    unread: Number(row?.unread ?? 0),
    lastCreated: row?.lastCreated ?? null,
    lastRead: row?.lastRead ?? null,
  };
  return state;
}

export type NotificationState = Awaited<ReturnType<typeof notificationState>>;

const NOTIFICATIONS = ['notifications'];
/** The bell's panel reads 20 at a time: larger pages are read afresh rather than kept. */
export const CACHED_PAGE_LIMIT = 20;
export const PAGE_CACHE = {
  max: 2000,
  ttlMs: 60_000,
  weigh: (list: NotificationList) => list.data.length,
  maxWeight: 20_000,
};

/**
 * The caller's state and the ETag of the page asked for. Polled by every open admin screen, so it
 * is answered from memory until a notification changes.
 */
export const pollNotifications = (db: Db, userId: string, query: Query) =>
  cached(
    db,
    'notifications:state',
    NOTIFICATIONS,
    `${userId} ${query.page} ${query.limit} ${query.unread} ${query.language}`,
    async () => {
      const state = await notificationState(db, userId);
      return { state, etag: notificationsEtag(userId, state, query) };
    },
    { max: 10_000, ttlMs: 60_000 },
  );

/** The page a poll found changed: kept by its ETag while it is no larger than the bell reads. */
export function readNotificationPage(
  db: Db,
  userId: string,
  query: Query,
  poll: { state: NotificationState; etag: string },
): Promise<NotificationList> {
  const read = () => listNotifications(db, userId, query, poll.state);
  if (query.limit > CACHED_PAGE_LIMIT) return read();
  return cached(db, 'notifications:pages', NOTIFICATIONS, `${userId} ${poll.etag}`, read, PAGE_CACHE);
}

/** Names the person too: two people with equal states must never share a validator. */
export function notificationsEtag(userId: string, state: NotificationState, query: Query): string {
  const key = JSON.stringify([userId, state, query.page, query.limit, query.unread, query.language]);
  return `W/"${crypto.createHash('sha1').update(key).digest('base64url')}"`;
}

/** Stored in the API's English; read in the reader's language. */
const toNotification = (row: typeof notifications.$inferSelect, language: Language): Notification => ({
  _id: row.id,
  title: localizeMessage(row.title, language),
  body: row.body && localizeMessage(row.body, language),
  link: row.link,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function listNotifications(
  db: Db,
  userId: string,
  query: Query,
  state: NotificationState,
): Promise<NotificationList> {
  const total = query.unread ? state.unread : state.total;
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), query.unread ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    data: rows.map((row) => toNotification(row, query.language)),
    unread: state.unread,
    ...paginate(total, query.page, query.limit, rows.length),
  };
}

/** Marks one notification of the caller read; someone else's id is as unknown as a missing one. */
export async function markRead(
  db: Db,
  userId: string,
  id: string,
  language: Language,
): Promise<Notification | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row && toNotification(row, language);
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
