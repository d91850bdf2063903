import type { LoginResponse } from '@community/shared';
import type { TokenService } from '../../lib/tokens.js';

type SignedInUser = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  tokenVersion: number;
  roles: LoginResponse['roles'];
};

/** The answer of every sign-in: a fresh token, the user and the user's roles. */
export async function startSession(tokens: TokenService, user: SignedInUser): Promise<LoginResponse> {
  return {
    token: await tokens.sign({ userId: user.id, version: user.tokenVersion }),
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
