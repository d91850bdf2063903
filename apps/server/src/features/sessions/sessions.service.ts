import type { Db } from '../../db/client.js';
import type { SignedInContext } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import { revokeSession } from './sessions.queries.js';

/** Logout: the session this request belongs to ends, on every instance. */
export async function endOwnSession(db: Db, context: SignedInContext): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, context.actor.id, context.actor.sessionId);
    await recordAudit(tx, context, {
      action: 'auth.logout',
      target: { type: 'session', id: context.actor.sessionId, label: null },
    });
  });
}
