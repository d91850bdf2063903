import type { LoginResponse } from '@community/shared';
import type { Db } from '../../db/client.js';
import type { TokenService } from '../../lib/tokens.js';
import { insertSession, type SessionClient } from './sessions.queries.js';

type SignedInUser = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  tokenVersion: number;
  roles: LoginResponse['roles'];
};

/** The answer of every sign-in: a new session, its token, the user and the user's roles. */
export async function startSession(
  deps: { db: Db; tokens: TokenService },
  client: SessionClient,
  user: SignedInUser,
): Promise<LoginResponse> {
  const sessionId = await insertSession(deps.db, user.id, client);
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
