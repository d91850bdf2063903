import { sql } from 'drizzle-orm';
import type { LoginResponse } from '@community/shared';
import type { Db } from '../../db/client.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { TokenService } from '../../lib/tokens.js';
import { auditInsert } from '../audit/audit.queries.js';
import { sessionInsert } from './sessions.queries.js';

type SignedInUser = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  tokenVersion: number;
  roles: LoginResponse['roles'];
};

/**
 * The answer of every sign-in: a new session, with its audit entry, its token, the user and the
 * user's roles.
 */
export async function startSession(
  deps: { db: Db; tokens: TokenService },
  context: RequestContext,
  user: SignedInUser,
  /** How the person proved who they are: `password`, `google`, `passkey`, `password+totp`, ... */
  method: string,
): Promise<LoginResponse> {
  const sessionId = newId();
  // The session and its entry in one statement: atomic, and one round trip on the busiest write.
  const session = sessionInsert(deps.db, sessionId, user.id, {
    userAgent: context.userAgent ?? undefined,
    ip: context.ip,
  });
  const entry = auditInsert(deps.db, context, {
    action: 'auth.login.success',
    actor: { id: user.id, email: user.email },
    target: { type: 'session', id: sessionId, label: method },
  });
  await deps.db.execute(sql`with session as (${session.getSQL()}) ${entry.getSQL()}`);
  return {
    token: await deps.tokens.sign({ userId: user.id, version: user.tokenVersion, sessionId }),
    user: {
      _id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      avatarUrl: user.avatarUrl,
    },
    roles: user.roles,
  };
}
