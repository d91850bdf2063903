import { eq } from 'drizzle-orm';
import type { LoginResponse } from '@community/shared';
import type { Db } from '../../db/client.js';
import { roles, userRoles } from '../../db/schema.js';
import type { TokenService } from '../../lib/tokens.js';

type SignedInUser = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  tokenVersion: number;
};

/** The answer of every sign-in: a fresh token, the user and the user's roles. */
export async function startSession(db: Db, tokens: TokenService, user: SignedInUser): Promise<LoginResponse> {
  const [token, userRoleRows] = await Promise.all([
    tokens.sign({ userId: user.id, version: user.tokenVersion }),
    db
      .select({ _id: roles.id, name: roles.name, type: roles.type })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, user.id)),
  ]);
  return {
    token,
    user: {
      _id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      avatarUrl: user.avatarUrl,
    },
    roles: userRoleRows,
  };
}
