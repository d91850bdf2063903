import { messages, type Session } from '@community/shared';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedInContext } from '../../lib/request-context.js';
import { describeDevice } from '../../lib/user-agent.js';
import { recordAudit } from '../audit/audit.queries.js';
import { findUserById } from '../users/users.queries.js';
import { assertMayManage } from '../users/users.service.js';
import { listLiveSessions, revokeSession, revokeSessionsOf } from './sessions.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('Session'));

const toSession = (row: typeof sessions.$inferSelect, currentId: string | null): Session => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  device: describeDevice(row.userAgent),
  ip: row.ip,
  current: row.id === currentId,
});

/** Mine: this one first (the one a person looks for), then the most recently seen. */
export async function listMySessions(db: Db, context: SignedInContext): Promise<Session[]> {
  const rows = await listLiveSessions(db, context.actor.id);
  const listed = rows.map((row) => toSession(row, context.actor.sessionId));
  return [...listed.filter((session) => session.current), ...listed.filter((session) => !session.current)];
}

/** Logout: the session this request belongs to ends, on every instance. */
export async function endOwnSession(db: Db, context: SignedInContext): Promise<void> {
  await endMySession(db, context, context.actor.sessionId);
}

/** Ends one of the caller's own sessions; another person's, or an ended one, is not found. */
export async function endMySession(db: Db, context: SignedInContext, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeSession(tx, context.actor.id, sessionId))) throw notFound();
    await recordAudit(tx, context, {
      action: sessionId === context.actor.sessionId ? 'auth.logout' : 'session.revoke',
      target: { type: 'session', id: sessionId, label: null },
    });
  });
}

/** Signs the caller out everywhere but here. */
export async function endMyOtherSessions(db: Db, context: SignedInContext): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await revokeSessionsOf(tx, context.actor.id, context.actor.sessionId);
    await recordAudit(tx, context, { action: 'session.revoke_others', changes: { revoked: [null, revoked] } });
    return revoked;
  });
}

/**
 * An administrator's view of someone's live sessions. Where and on what each signed in is as much
 * the person's as their data: the same guard rails as editing them.
 */
export async function listSessionsOf(db: Db, context: SignedInContext, userId: string): Promise<Session[]> {
  if (!(await findUserById(db, userId))) throw new AppError('not_found', messages.notFound('User'));
  await assertMayManage(db, context.actor, userId);
  const rows = await listLiveSessions(db, userId);
  return rows.map((row) => toSession(row, context.actor.sessionId));
}

/** Signs a person out everywhere; the same guard rails as editing them. */
export async function endSessionsOf(db: Db, context: SignedInContext, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw new AppError('not_found', messages.notFound('User'));
    await assertMayManage(tx, context.actor, userId);
    const revoked = await revokeSessionsOf(tx, userId);
    await recordAudit(tx, context, {
      action: 'session.revoke_all',
      target: { type: 'user', id: userId, label: user.email },
      changes: { revoked: [null, revoked] },
    });
    return revoked;
  });
}
