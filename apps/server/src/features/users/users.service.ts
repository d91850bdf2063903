import { eq, sql } from 'drizzle-orm';
import { messages, type CreateUserBody, type UpdateUserBody, type User } from '@community/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { assertUnchangedSince } from '../../lib/if-match.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext, SignedInContext } from '../../lib/request-context.js';
import type { AuthUser } from '../../plugins/access.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import { expireResetLinks } from '../auth/password-reset.js';
import { releaseInvitesOf } from '../invites/invites.queries.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { tellPasswordChanged } from '../notifications/notify.js';
import { revokeSessionsOf } from '../sessions/sessions.queries.js';
import { peopleBeyondGrants } from '../roles/grants.js';
import { assertAnAdminRemains, lockAdminChanges } from './admin-guard.js';
import { findUserById, isEmailTaken, toUser, userColumns } from './users.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('User'));
const emailTaken = () => new AppError('conflict', messages.emailTaken);

/** What an audit entry shows of a user: the password only as "changed". */
const audited = (user: Pick<User, 'name' | 'email' | 'confirmed' | 'blocked'>) => ({
  name: user.name,
  email: user.email,
  confirmed: user.confirmed,
  blocked: user.blocked,
});
const userTarget = (user: { _id: string; email: string }) => ({ type: 'user', id: user._id, label: user.email });

export async function createUser(db: Db, context: RequestContext, body: CreateUserBody): Promise<User> {
  if (await isEmailTaken(db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id: newId(),
          name: body.name,
          email: body.email,
          passwordHash,
          confirmed: body.confirmed,
          blocked: body.blocked,
        })
        .returning(userColumns);
      const user = toUser(row!);
      await recordAudit(tx, context, {
        action: 'user.create',
        target: userTarget(user),
        changes: changesBetween(null, { ...audited(user), password: 'set' }, ['password']),
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * Outside the administrators, nobody changes or deletes an administrator, nor anyone holding (or
 * awaiting, through a registration) a permission the actor does not: setting their password would
 * hand the actor those permissions.
 */
export async function assertMayManage(tx: Db, actor: AuthUser, id: string) {
  const beyond = (await peopleBeyondGrants(tx, actor, [id])).get(id);
  if (beyond) throw new AppError('forbidden', beyond === 'admin' ? messages.adminOnly : messages.beyondOwnGrantsUser);
}

/** The whole form, or only the flags a bulk action sets; what is absent stays as it is. */
type UserChange = Partial<UpdateUserBody>;

export async function updateUser(
  { db, mail }: { db: Db; mail: MailQueue },
  context: SignedInContext,
  id: string,
  body: UserChange,
  /** The version the change was made against (`If-Match`), when the caller says. */
  version?: string,
): Promise<User> {
  const { actor } = context;
  if (id === actor.id && body.blocked) throw new AppError('forbidden', messages.notSelfBlock);
  if (body.email !== undefined && (await isEmailTaken(db, body.email, id))) throw emailTaken();
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  try {
    return await db.transaction(async (tx) => {
      await lockAdminChanges(tx);
      const current = await findUserById(tx, id);
      if (!current) throw notFound();
      await assertMayManage(tx, actor, id);
      assertUnchangedSince(current.updatedAt, version);
      const isEmailChanged = body.email !== undefined && body.email !== current.email;
      // A new password or address, a block or an unconfirmed account: the sessions and reset links
      // made before end (a new address is a new owner as far as anyone can tell).
      const endsSessions =
        passwordHash !== undefined ||
        isEmailChanged ||
        (body.blocked === true && !current.blocked) ||
        (body.confirmed === false && current.confirmed);
      const [row] = await tx
        .update(users)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          ...(body.confirmed !== undefined ? { confirmed: body.confirmed } : {}),
          ...(body.blocked !== undefined ? { blocked: body.blocked } : {}),
          ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning(userColumns);
      await assertAnAdminRemains(tx);
      if (endsSessions) {
        await revokeSessionsOf(tx, id);
        await expireResetLinks(tx, id);
      }
      if (passwordHash) await tellPasswordChanged(tx, mail, id);
      const user = toUser(row!);
      await recordAudit(tx, context, {
        action: 'user.update',
        target: userTarget(user),
        changes: changesBetween(
          { ...audited(current), password: null },
          { ...audited(user), password: passwordHash ? 'changed' : null },
          ['password'],
        ),
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function deleteUser(db: Db, context: SignedInContext, id: string): Promise<void> {
  const { actor } = context;
  if (id === actor.id) throw new AppError('forbidden', messages.notSelfDelete);
  await db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    await assertMayManage(tx, actor, id);
    await releaseInvitesOf(tx, id);
    const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning(userColumns);
    if (!deleted) throw notFound();
    await assertAnAdminRemains(tx);
    const user = toUser(deleted);
    await recordAudit(tx, context, {
      action: 'user.delete',
      target: userTarget(user),
      changes: changesBetween(audited(user), null),
    });
  });
}
