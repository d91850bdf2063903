import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { messages, type Invite, type RegisterInviteBody } from '@community/shared';
import type { Db } from '../../db/client.js';
import { invites, roles, userRoles, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext, SignedInContext } from '../../lib/request-context.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import { notifyAdmins, notifyUser } from '../notifications/notify.js';
import { isEmailTaken } from '../users/users.queries.js';
import { effectiveStatus, lockInvite, toInvite, type InviteRow } from './invites.queries.js';

const HOUR_MS = 60 * 60 * 1000;

const notFound = () => new AppError('not_found', messages.notFound('Invite'));
const emailTaken = () => new AppError('conflict', messages.emailTaken);

/** 32 random bytes: guessing one is hopeless, and the rate limit on token checks makes it slower still. */
const newInviteToken = () => crypto.randomBytes(32).toString('base64url');

/** An invite as its audit entry names it: for whom, or for anyone. */
const inviteTarget = (invite: { id: string; email: string | null }) => ({
  type: 'invite',
  id: invite.id,
  label: invite.email ?? 'any',
});

export async function createInvite(
  db: Db,
  context: SignedInContext,
  publicUrl: string,
  body: { email: string | null; hours: number },
): Promise<Invite> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(invites)
      .values({
        id: newId(),
        createdBy: context.actor.id,
        token: newInviteToken(),
        email: body.email,
        hours: body.hours,
        expiresAt: new Date(Date.now() + body.hours * HOUR_MS),
      })
      .returning();
    await recordAudit(tx, context, {
      action: 'invite.create',
      target: inviteTarget(row!),
      changes: changesBetween(null, { email: row!.email, hours: row!.hours, expiresAt: row!.expiresAt }),
    });
    return toInvite(row!, publicUrl);
  });
}

/** Why an invite cannot be used right now, in the words the invite page shows; null when it can. */
export function inviteRefusal(row: InviteRow | undefined, email: string): string | null {
  if (!row) return messages.inviteInvalid;
  const status = effectiveStatus(row);
  if (status === 'rejected') return messages.inviteInvalid;
  if (status === 'submitted' || status === 'consumed') return messages.inviteUsed;
  if (status === 'expired') return messages.inviteExpired;
  if (row.email && row.email !== email) return messages.inviteOtherEmail;
  return null;
}

async function userRoleId(tx: Db): Promise<string> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.type, 'user')).limit(1);
  if (!role) throw new Error('the seeded User role is missing');
  return role.id;
}

/** Local registration: an unconfirmed account waits for an administrator; the invite is `submitted`. */
export async function registerThroughInvite(db: Db, context: RequestContext, body: RegisterInviteBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  try {
    await db.transaction(async (tx) => {
      const invite = await lockInvite(tx, { token: body.token });
      const refusal = inviteRefusal(invite, body.email);
      if (refusal) throw new AppError('bad_request', refusal);
      if (await isEmailTaken(tx, body.email)) throw emailTaken();
      const userId = newId();
      await tx.insert(users).values({ id: userId, name: body.name, email: body.email, passwordHash, confirmed: false });
      await tx.update(invites).set({ status: 'submitted', userId }).where(eq(invites.id, invite!.id));
      await notifyAdmins(tx, {
        title: messages.registrationAwaitsTitle,
        body: messages.registrationAwaitsBody(body.name, body.email),
        link: '/admin/invites',
      });
      await recordAudit(tx, context, {
        action: 'invite.register',
        actor: { id: userId, email: body.email },
        target: inviteTarget(invite!),
        changes: changesBetween(null, { name: body.name, email: body.email, password: 'set' }, ['password']),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

async function lockSubmitted(tx: Db, id: string): Promise<InviteRow> {
  const invite = await lockInvite(tx, { id });
  if (!invite) throw notFound();
  if (invite.status !== 'submitted') throw new AppError('conflict', messages.inviteNotSubmitted);
  return invite;
}

/** Confirms the account, gives it the User role, uses the invite up and tells the person. */
export async function approveInvite(db: Db, context: RequestContext, publicUrl: string, id: string): Promise<Invite> {
  const row = await db.transaction(async (tx) => {
    const invite = await lockSubmitted(tx, id);
    // The registrant was deleted meanwhile: there is nobody left to approve.
    if (!invite.userId) throw new AppError('conflict', messages.inviteNotSubmitted);
    await tx.update(users).set({ confirmed: true, updatedAt: new Date() }).where(eq(users.id, invite.userId));
    await tx
      .insert(userRoles)
      .values({ id: newId(), userId: invite.userId, roleId: await userRoleId(tx) })
      .onConflictDoNothing();
    const [updated] = await tx
      .update(invites)
      .set({ status: 'consumed', consumedAt: new Date() })
      .where(eq(invites.id, id))
      .returning();
    await notifyUser(tx, invite.userId, {
      title: messages.approvedTitle,
      body: messages.approvedBody,
      link: '/admin/account/profile',
    });
    const [registrant] = await tx.select({ email: users.email }).from(users).where(eq(users.id, invite.userId));
    await recordAudit(tx, context, {
      action: 'invite.approve',
      target: inviteTarget(invite),
      changes: { registrant: [null, registrant?.email ?? null], status: ['submitted', 'consumed'] },
    });
    return updated!;
  });
  return toInvite(row, publicUrl);
}

/** Marks the invite rejected and removes the account that was waiting for approval. */
export async function rejectInvite(db: Db, context: RequestContext, publicUrl: string, id: string): Promise<Invite> {
  const row = await db.transaction(async (tx) => {
    const invite = await lockSubmitted(tx, id);
    const registrant = invite.userId
      ? (
          await tx
            .delete(users)
            .where(and(eq(users.id, invite.userId), eq(users.confirmed, false)))
            .returning({ email: users.email })
        )[0]
      : undefined;
    await recordAudit(tx, context, {
      action: 'invite.reject',
      target: inviteTarget(invite),
      changes: { registrant: [registrant?.email ?? null, null], status: ['submitted', 'rejected'] },
    });
    const [updated] = await tx
      .update(invites)
      .set({ status: 'rejected', userId: null })
      .where(eq(invites.id, id))
      .returning();
    return updated!;
  });
  return toInvite(row, publicUrl);
}

export async function deleteInvite(db: Db, context: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const invite = await lockInvite(tx, { id });
    if (!invite) throw notFound();
    // Deleting it would leave the waiting account with nobody to decide on it.
    if (invite.status === 'submitted' && invite.userId) throw new AppError('conflict', messages.inviteSubmittedDelete);
    await tx.delete(invites).where(eq(invites.id, id));
    await recordAudit(tx, context, {
      action: 'invite.delete',
      target: inviteTarget(invite),
      changes: changesBetween({ email: invite.email, status: invite.status, expiresAt: invite.expiresAt }, null),
    });
  });
}

/** Google sign-in through an invite: a confirmed member at once, and the invite is used up. */
export async function createUserThroughInvite(
  db: Db,
  context: RequestContext,
  token: string,
  person: { sub: string; email: string; name: string },
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const invite = await lockInvite(tx, { token });
      const refusal = inviteRefusal(invite, person.email);
      if (refusal) throw new AppError('bad_request', refusal);
      const userId = newId();
      await tx
        .insert(users)
        .values({ id: userId, name: person.name, email: person.email, googleSub: person.sub, confirmed: true });
      await tx.insert(userRoles).values({ id: newId(), userId, roleId: await userRoleId(tx) });
      await tx
        .update(invites)
        .set({ status: 'consumed', consumedAt: new Date(), userId })
        .where(eq(invites.id, invite!.id));
      await recordAudit(tx, context, {
        action: 'invite.google',
        actor: { id: userId, email: person.email },
        target: inviteTarget(invite!),
        changes: changesBetween(null, { name: person.name, email: person.email }),
      });
      return userId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
