import { messages } from '@community/shared';
import { AppError } from './app-error.js';
import { verifyPassword } from './passwords.js';
import type { RateLimits } from './rate-limits.js';

/**
 * Asks a signed-in person for their password once more before a change a stolen session must not
 * make. An account made through Google has no password to ask for: its session is all there is.
 */
export async function assertPasswordAgain(
  limits: RateLimits,
  account: { id: string; passwordHash: string | null },
  password: string | undefined,
  whenMissing: string,
): Promise<void> {
  if (account.passwordHash === null) return;
  if (!password) throw new AppError('bad_request', whenMissing);
  await limits.consume('passwordChecksPerUser', account.id);
  if (!(await verifyPassword(account.passwordHash, password)))
    throw new AppError('bad_request', messages.passwordWrong);
}
