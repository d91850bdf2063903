import { eq } from 'drizzle-orm';
import { messages, type PersonalData } from '@community/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { assertPasswordAgain } from '../../lib/password-again.js';
import type { RateLimits } from '../../lib/rate-limits.js';
import type { SignedInContext } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import { releaseInvitesOf } from '../invites/invites.queries.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { assertAnAdminRemains, lockAdminChanges } from '../users/admin-guard.js';
import { assertMayManage } from '../users/users.service.js';
import { eraseTracesOf } from './erase-traces.js';
import { personalDataOf } from './personal-data.js';

async function accountOf(db: Db, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new AppError('not_found', messages.notFound('User'));
  return row;
}

/** "Download my data": the export is itself recorded, as any read of a whole person is. */
export async function exportMyData(db: Db, context: SignedInContext): Promise<PersonalData> {
  const { actor } = context;
  await recordAudit(db, context, {
    action: 'privacy.export',
    target: { type: 'user', id: actor.id, label: actor.email },
  });
  return personalDataOf(db, actor);
}

/** An administrator's export of a member's data: administrators' only by administrators. */
export async function exportMemberData(db: Db, context: SignedInContext, id: string): Promise<PersonalData> {
  const person = await accountOf(db, id);
  await assertMayManage(db, context.actor, id);
  await recordAudit(db, context, { action: 'user.export_data', target: { type: 'user', id, label: person.email } });
  return personalDataOf(db, person);
}

/**
 * Deletes the caller's account and everything that hangs on it (profile, roles, sessions,
 * factors, notifications, images) and erases their name and address from what the community keeps
 * (`eraseTracesOf`). A mail confirms it.
 */
export async function deleteMyAccount(
  deps: { db: Db; mail: MailQueue; limits: RateLimits },
  context: SignedInContext,
  password: string | undefined,
): Promise<void> {
  const { db, mail, limits } = deps;
  const account = await accountOf(db, context.actor.id);
  await assertPasswordAgain(limits, account, password, messages.passwordNeededToDelete);
  await db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    await recordAudit(tx, context, {
      action: 'privacy.delete_account',
      target: { type: 'user', id: account.id, label: account.email },
    });
    await eraseTracesOf(tx, account);
    await releaseInvitesOf(tx, account.id);
    await tx.delete(users).where(eq(users.id, account.id));
    await assertAnAdminRemains(tx);
    await mail.queue(tx, 'accountDeleted', account, { name: account.name });
  });
}
