import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema.js';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestContext } from '../../lib/request-context.js';
import { recordAudit, REDACTED } from '../audit/audit.queries.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { tellPasswordChanged } from '../notifications/notify.js';
import { revokeSessionsOf } from '../sessions/sessions.queries.js';

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Runs after the answer is sent, so its duration does not tell whether the account exists. */
export async function sendPasswordReset(
  deps: { db: Db; mail: MailQueue; publicUrl: string },
  email: string,
): Promise<void> {
  const { db, mail, publicUrl } = deps;
  const [user] = await db
    .select({ id: users.id, name: users.name, language: users.language, blocked: users.blocked })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user || user.blocked) return;
  const token = newLinkToken();
  await db.insert(passwordResets).values({
    tokenHash: hashLinkToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  const link = `${publicUrl}/admin/reset-password/${token}`;
  await mail.queue(db, 'passwordReset', { email, language: user.language }, { name: user.name, link });
  // Queued after the answer went out: nothing else starts its sending.
  mail.kick();
}

/**
 * Consumes the token atomically: two requests racing with one token cannot both succeed. Answers
 * the account's email, or null when the token is not usable.
 */
export async function resetPassword(
  { db, mail }: { db: Db; mail: MailQueue },
  context: RequestContext,
  token: string,
  password: string,
): Promise<string | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashLinkToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!consumed) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, consumed.userId))
      .returning({ email: users.email });
    await tellPasswordChanged(tx, mail, consumed.userId);
    // Every other link sent to this account stops working too, and every session ends.
    await expireResetLinks(tx, consumed.userId);
    await revokeSessionsOf(tx, consumed.userId);
    await recordAudit(tx, context, {
      action: 'auth.password_reset',
      actor: { id: consumed.userId, email: user!.email },
      target: { type: 'user', id: consumed.userId, label: user!.email },
      changes: { password: [REDACTED, REDACTED] },
    });
    return user!.email;
  });
}

/** Every reset link sent to the account stops working (a password or an address changed, a block). */
export async function expireResetLinks(tx: Db, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
