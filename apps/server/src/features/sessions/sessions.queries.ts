import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import { TOKEN_LIFETIME_SECONDS } from '../../lib/tokens.js';

/** Where a sign-in came from, as the sessions list shows it. */
export type SessionClient = { userAgent: string | undefined; ip: string };

const MAX_USER_AGENT_LENGTH = 500;

/** The insert of a session, not yet run; it lasts as long as its token: 12 hours from the sign-in. */
export function sessionInsert(db: Db, id: string, userId: string, client: SessionClient) {
  return db.insert(sessions).values({
    id,
    userId,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000),
    userAgent: client.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    ip: client.ip,
  });
}

/** Sessions that ran out are of no more use to anyone. Answers how many went. */
export async function deleteExpiredSessions(db: Db): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
  return gone.length;
}

/** A person's live sessions, most recently seen first. */
export async function listLiveSessions(db: Db, userId: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
}

/** When a session was last seen is written at most once a minute, by each instance. */
const SEEN_EVERY_MS = 60_000;
const lastWritten = new Map<string, number>();
const MAX_REMEMBERED = 10_000;

/** Notes that a session was used now, unless this instance noted it within the last minute. */
export function touchSession(db: Db, sessionId: string): Promise<void> | undefined {
  const now = Date.now();
  const last = lastWritten.get(sessionId);
  if (last !== undefined && now - last < SEEN_EVERY_MS) return undefined;
  if (lastWritten.size >= MAX_REMEMBERED) lastWritten.delete(lastWritten.keys().next().value!);
  lastWritten.set(sessionId, now);
  return db
    .update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(sessions.id, sessionId))
    .then(() => undefined);
}

type SessionState = { userId: string; expiresAt: number; isRevoked: boolean };

/**
 * A session as stored now, kept in memory until some session ends anywhere (only ending one is
 * announced, so sign-ins elsewhere do not empty it).
 */
const sessionState = (db: Db, sessionId: string) =>
  cached<string, SessionState | null>(
    db,
    'access:sessions',
    ['sessions'],
    sessionId,
    async () => {
      const [row] = await db
        .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row ? { userId: row.userId, expiresAt: row.expiresAt.getTime(), isRevoked: row.revokedAt !== null } : null;
    },
    { max: 10_000, ttlMs: 60_000 },
  );

/** True while the session exists, belongs to the user, has not been ended and has not run out. */
export async function isSessionLive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const state = await sessionState(db, sessionId);
  return state !== null && state.userId === userId && !state.isRevoked && state.expiresAt > Date.now();
}

/**
 * Ends every live session of a person (a password changed or reset, blocked, unconfirmed),
 * except `keep`: the one asking, which gets a fresh token instead.
 */
export async function revokeSessionsOf(db: Db, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Ends one of the user's sessions; answers whether it was live. */
export async function revokeSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
