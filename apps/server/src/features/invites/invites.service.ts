import { and, eq, inArray } from 'drizzle-orm';
import { messages, type Invite, type NewInvite, type RegisterInviteBody } from '@community/shared';
import type { Db } from '../../db/client.js';
import { emailConfirmations, invites, roles, userRoles, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { hashPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext, SignedInContext } from '../../lib/request-context.js';
import type { AuthUser } from '../../plugins/access.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import { recipientOf, type MailQueue } from '../mail/mail-queue.js';
import { notifyAdmins, notifyUser, registrationAwaits, settleNotices } from '../notifications/notify.js';
import { rolesBeyondGrants, userRoleId } from '../roles/grants.js';
import { isEmailTaken } from '../users/users.queries.js';
import { effectiveStatus, inviteLink, lockInvite, readInvite, usesOf, type InviteRow } from './invites.queries.js';

const HOUR_MS = 60 * 60 * 1000;
/** How long the link that confirms a registrant's address works. */
const CONFIRMATION_LIFETIME_MS = 24 * HOUR_MS;

export type InviteDeps = { db: Db; mail: MailQueue; publicUrl: string };

const notFound = () => new AppError('not_found', messages.notFound('Invite'));
const emailTaken = () => new AppError('conflict', messages.emailTaken);

/** An invite as its audit entry names it: the person who registered, for whom it is, or anyone. */
const inviteTarget = (invite: { id: string; email: string | null }, registrant?: { email: string } | null) => ({
  type: 'invite',
  id: invite.id,
  label: registrant?.email ?? invite.email ?? 'any',
});

/**
 * The invite, mailed to the address it names, in the language of the account that address may
 * already have, else in Greek, the site's (not the inviter's: the mail is the invitee's).
 */
async function mailInvite(deps: InviteDeps, tx: Db, invite: InviteRow, inviter: { id: string }) {
  if (!invite.email) return;
  const from = await recipientOf(tx, inviter.id);
  const [known] = await tx.select({ language: users.language }).from(users).where(eq(users.email, invite.email));
  await deps.mail.queue(
    tx,
    'invite',
    { email: invite.email, language: known?.language ?? null },
    { link: inviteLink(deps.publicUrl, invite.token), expiresAt: invite.expiresAt, inviterName: from?.name ?? '' },
  );
}

/**
 * Only a role within the actor's own grants, an administrator role only from an administrator:
 * whoever makes an invite, or approves a registration through it, gives its role.
 */
async function assertMayGiveInvitedRole(tx: Db, actor: AuthUser, roleId: string | null, message: string) {
  // No role named gives the User role, which an administrator may give.
  if (!roleId && actor.isAdmin) return;
  const given = roleId ?? (await userRoleId(tx));
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, given));
  if (!role) throw new AppError('bad_request', messages.notFound('Role'));
  if ((await rolesBeyondGrants(tx, actor, [given])).has(given)) throw new AppError('forbidden', message);
}

export async function createInvite(deps: InviteDeps, context: SignedInContext, body: NewInvite): Promise<Invite> {
  const { db, publicUrl } = deps;
  const id = await db.transaction(async (tx) => {
    await assertMayGiveInvitedRole(tx, context.actor, body.roleId, messages.inviteRoleBeyondGrants);
    const [row] = await tx
      .insert(invites)
      .values({
        id: newId(),
        createdBy: context.actor.id,
        token: newLinkToken(),
        email: body.email,
        hours: body.hours,
        expiresAt: new Date(Date.now() + body.hours * HOUR_MS),
        maxUses: body.maxUses,
        roleId: body.roleId,
      })
      .returning();
    await recordAudit(tx, context, {
      action: 'invite.create',
      target: inviteTarget(row!),
      changes: changesBetween(null, {
        email: row!.email,
        hours: row!.hours,
        expiresAt: row!.expiresAt,
        maxUses: row!.maxUses,
        roleId: row!.roleId,
      }),
    });
    await mailInvite(deps, tx, row!, context.actor);
    return row!.id;
  });
  return readInvite(db, id, publicUrl);
}

/**
 * Why an invite cannot be used right now, in the words the invite page shows; null when it can.
 * While a registration through it waits for its address, the same address may register again.
 */
export function inviteRefusal(
  row: InviteRow | undefined,
  email: string,
  registrantEmail?: string | null,
  uses = 0,
): string | null {
  if (!row) return messages.inviteInvalid;
  const status = effectiveStatus(row);
  if (status === 'rejected' || status === 'revoked') return messages.inviteInvalid;
  // A several-use invite stays pending: it is used up once its registrations hold every use.
  if (row.maxUses > 1 && status === 'pending' && uses >= row.maxUses) return messages.inviteUsed;
  if (status === 'confirming' && registrantEmail !== email) return messages.inviteUsed;
  if (status === 'submitted' || status === 'consumed') return messages.inviteUsed;
  if (status === 'expired') return messages.inviteExpired;
  if (row.email && row.email !== email) return messages.inviteOtherEmail;
  return null;
}

/** The role an approved account gets: the invite's, else the seeded User role. */
async function roleForApproval(tx: Db, invite: InviteRow): Promise<string> {
  return invite.roleId ?? userRoleId(tx);
}

/** The account a registration made, while it has not been confirmed by an administrator. */
async function waitingRegistrant(tx: Db, invite: InviteRow) {
  if (!invite.userId) return undefined;
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.id, invite.userId), eq(users.confirmed, false)));
  return row;
}

/**
 * A registration through the invite by this address that has not confirmed it yet: on the invite
 * itself, or on a row of its own under a several-use invite (`ownRow`).
 */
async function confirmingRegistration(tx: Db, invite: InviteRow, email: string) {
  if (invite.maxUses === 1) {
    const registrant = invite.status === 'confirming' ? await waitingRegistrant(tx, invite) : undefined;
    return registrant && { userId: registrant.id, email: registrant.email, inviteId: invite.id, ownRow: false };
  }
  const [row] = await tx
    .select({ inviteId: invites.id, userId: users.id, email: users.email })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.userId))
    .where(
      and(
        eq(invites.parentId, invite.id),
        eq(invites.status, 'confirming'),
        eq(users.email, email),
        eq(users.confirmed, false),
      ),
    );
  return row && { ...row, ownRow: true };
}

/**
 * Takes one use of the invite for a new account: the invite itself when it makes one account,
 * else a row of its own under it, which then goes through confirmation and approval alone.
 */
async function takeUse(
  tx: Db,
  invite: InviteRow,
  registration: { userId: string; email: string; status: 'confirming' | 'consumed' },
): Promise<InviteRow> {
  const consumedAt = registration.status === 'consumed' ? new Date() : null;
  if (invite.maxUses === 1) {
    const [updated] = await tx
      .update(invites)
      .set({ status: registration.status, userId: registration.userId, consumedAt })
      .where(eq(invites.id, invite.id))
      .returning();
    return updated!;
  }
  const [row] = await tx
    .insert(invites)
    .values({
      id: newId(),
      parentId: invite.id,
      createdBy: invite.createdBy,
      token: newLinkToken(),
      email: registration.email,
      hours: invite.hours,
      expiresAt: invite.expiresAt,
      roleId: invite.roleId,
      status: registration.status,
      userId: registration.userId,
      consumedAt,
    })
    .returning();
  return row!;
}

/**
 * Local registration: an unconfirmed account, and a mail with the link that confirms its address.
 * Only once that link is opened does the registration wait for an administrator.
 */
export async function registerThroughInvite(
  deps: InviteDeps,
  context: RequestContext,
  body: RegisterInviteBody,
): Promise<void> {
  const { db, mail, publicUrl } = deps;
  const passwordHash = await hashPassword(body.password);
  try {
    await db.transaction(async (tx) => {
      const invite = await lockInvite(tx, { token: body.token });
      // Registering again before confirming (a lost or expired mail) starts over.
      const earlier = invite ? await confirmingRegistration(tx, invite, body.email) : undefined;
      const uses = invite && invite.maxUses > 1 ? await usesOf(tx, invite.id) : 0;
      const refusal = inviteRefusal(invite, body.email, earlier?.email, uses - (earlier?.ownRow ? 1 : 0));
      if (refusal) throw new AppError('bad_request', refusal);
      if (earlier) {
        await tx.delete(users).where(eq(users.id, earlier.userId));
        if (earlier.ownRow) await tx.delete(invites).where(eq(invites.id, earlier.inviteId));
      }
      if (await isEmailTaken(tx, body.email)) throw emailTaken();
      const userId = newId();
      await tx.insert(users).values({
        id: userId,
        name: body.name,
        email: body.email,
        passwordHash,
        confirmed: false,
        language: body.language ?? null,
      });
      const registration = await takeUse(tx, invite!, { userId, email: body.email, status: 'confirming' });
      const token = newLinkToken();
      await tx.insert(emailConfirmations).values({
        tokenHash: hashLinkToken(token),
        userId,
        inviteId: registration.id,
        expiresAt: new Date(Date.now() + CONFIRMATION_LIFETIME_MS),
      });
      await mail.queue(
        tx,
        'confirmEmail',
        { email: body.email, language: body.language ?? null },
        { name: body.name, link: `${publicUrl}/admin/confirm-email?token=${encodeURIComponent(token)}` },
      );
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

/** The registrant opened the mailed link: the registration now waits for an administrator. */
export async function confirmRegistration(db: Db, context: RequestContext, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [confirmation] = await tx
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.tokenHash, hashLinkToken(token)))
      .for('update');
    if (!confirmation) throw new AppError('bad_request', messages.emailConfirmInvalid);
    if (confirmation.usedAt) throw new AppError('bad_request', messages.emailConfirmUsed);
    if (confirmation.expiresAt <= new Date()) throw new AppError('bad_request', messages.emailConfirmExpired);
    const invite = await lockInvite(tx, { id: confirmation.inviteId });
    // Revoked meanwhile, or registered again with a newer link.
    if (invite?.status !== 'confirming' || invite.userId !== confirmation.userId) {
      throw new AppError('bad_request', messages.emailConfirmInvalid);
    }
    const registrant = await waitingRegistrant(tx, invite);
    if (!registrant) throw new AppError('bad_request', messages.emailConfirmInvalid);
    await tx
      .update(emailConfirmations)
      .set({ usedAt: new Date() })
      .where(eq(emailConfirmations.tokenHash, confirmation.tokenHash));
    await tx.update(invites).set({ status: 'submitted' }).where(eq(invites.id, invite.id));
    await notifyAdmins(tx, registrationAwaits(invite.id, registrant));
    await recordAudit(tx, context, {
      action: 'invite.confirm_email',
      actor: { id: registrant.id, email: registrant.email },
      target: inviteTarget(invite),
      changes: { status: ['confirming', 'submitted'] },
    });
  });
}

async function lockSubmitted(tx: Db, id: string): Promise<InviteRow> {
  const invite = await lockInvite(tx, { id });
  if (!invite) throw notFound();
  if (invite.status !== 'submitted') throw new AppError('conflict', messages.inviteNotSubmitted);
  return invite;
}

/** Confirms the account, gives it the User role, uses the invite up and tells the person. */
export async function approveInvite(deps: InviteDeps, context: SignedInContext, id: string): Promise<Invite> {
  const { db, mail, publicUrl } = deps;
  const row = await db.transaction(async (tx) => {
    const invite = await lockSubmitted(tx, id);
    await assertMayGiveInvitedRole(tx, context.actor, invite.roleId, messages.approveRoleBeyondGrants);
    const registrant = await waitingRegistrant(tx, invite);
    // The registrant was deleted meanwhile: there is nobody left to approve.
    if (!registrant) throw new AppError('conflict', messages.inviteNotSubmitted);
    await tx.update(users).set({ confirmed: true, updatedAt: new Date() }).where(eq(users.id, registrant.id));
    await tx
      .insert(userRoles)
      .values({ id: newId(), userId: registrant.id, roleId: await roleForApproval(tx, invite) })
      .onConflictDoNothing();
    const [updated] = await tx
      .update(invites)
      .set({ status: 'consumed', consumedAt: new Date() })
      .where(eq(invites.id, id))
      .returning();
    await notifyUser(tx, registrant.id, {
      title: messages.approvedTitle,
      body: messages.approvedBody,
      link: '/admin/account/profile',
    });
    await mail.queue(tx, 'approved', registrant, { name: registrant.name });
    await settleNotices(tx, [invite.id]);
    await recordAudit(tx, context, {
      action: 'invite.approve',
      target: inviteTarget(invite, registrant),
      changes: { registrant: [null, registrant.email], status: ['submitted', 'consumed'] },
    });
    return updated!;
  });
  return readInvite(db, row.id, publicUrl);
}

/** Marks the invite rejected, removes the account that was waiting for approval and tells the person. */
export async function rejectInvite(deps: InviteDeps, context: RequestContext, id: string): Promise<Invite> {
  const { db, mail, publicUrl } = deps;
  const row = await db.transaction(async (tx) => {
    const invite = await lockSubmitted(tx, id);
    const registrant = await waitingRegistrant(tx, invite);
    if (registrant) {
      await tx.delete(users).where(eq(users.id, registrant.id));
      await mail.queue(tx, 'rejected', registrant, { name: registrant.name });
    }
    await settleNotices(tx, [invite.id]);
    await recordAudit(tx, context, {
      action: 'invite.reject',
      target: inviteTarget(invite, registrant),
      changes: { registrant: [registrant?.email ?? null, null], status: ['submitted', 'rejected'] },
    });
    const [updated] = await tx
      .update(invites)
      .set({ status: 'rejected', userId: null })
      .where(eq(invites.id, id))
      .returning();
    return updated!;
  });
  return readInvite(db, row.id, publicUrl);
}

export async function deleteInvite(db: Db, context: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const invite = await lockInvite(tx, { id });
    if (!invite) throw notFound();
    // Deleting it would leave the waiting account with nobody to decide on it.
    if (invite.status === 'submitted' && invite.userId) throw new AppError('conflict', messages.inviteSubmittedDelete);
    if (invite.status === 'confirming') throw new AppError('conflict', messages.inviteConfirmingDelete);
    // Its registrations would go with it, and the accounts waiting on them with nobody to decide.
    const [waiting] = await tx
      .select({ id: invites.id })
      .from(invites)
      .where(and(eq(invites.parentId, id), inArray(invites.status, ['confirming', 'submitted'])))
      .limit(1);
    if (waiting) throw new AppError('conflict', messages.inviteSubmittedDelete);
    await tx.delete(invites).where(eq(invites.id, id));
    await recordAudit(tx, context, {
      action: 'invite.delete',
      target: inviteTarget(invite),
      changes: changesBetween({ email: invite.email, status: invite.status, expiresAt: invite.expiresAt }, null),
    });
  });
}

/**
 * The link stops working at once. A registration still confirming its address through it ends
 * too, with its account; one already waiting for an administrator is decided there instead.
 */
export async function revokeInvite(deps: InviteDeps, context: RequestContext, id: string): Promise<Invite> {
  const { db, publicUrl } = deps;
  const row = await db.transaction(async (tx) => {
    const invite = await lockInvite(tx, { id });
    if (!invite) throw notFound();
    if (invite.revokedAt) return invite;
    if (invite.status !== 'pending' && invite.status !== 'confirming') {
      throw new AppError('conflict', messages.inviteRevokeUsed);
    }
    const registrant = invite.status === 'confirming' ? await waitingRegistrant(tx, invite) : undefined;
    if (registrant) await tx.delete(users).where(eq(users.id, registrant.id));
    // A several-use invite's registrations still confirming their address end as well, each with its
    // account; the rows go with them, their confirmation links too.
    const confirming = await tx
      .select({ id: invites.id, userId: users.id, email: users.email })
      .from(invites)
      .innerJoin(users, and(eq(users.id, invites.userId), eq(users.confirmed, false)))
      .where(and(eq(invites.parentId, id), eq(invites.status, 'confirming')));
    if (confirming.length > 0) {
      await tx.delete(invites).where(
        inArray(
          invites.id,
          confirming.map((row) => row.id),
        ),
      );
      await tx.delete(users).where(
        inArray(
          users.id,
          confirming.map((row) => row.userId),
        ),
      );
    }
    const registrants = [...(registrant ? [registrant.email] : []), ...confirming.map((row) => row.email)];
    const [updated] = await tx
      .update(invites)
      .set({ status: 'pending', userId: null, revokedAt: new Date() })
      .where(eq(invites.id, id))
      .returning();
    await recordAudit(tx, context, {
      action: 'invite.revoke',
      target: inviteTarget(invite),
      changes: {
        status: [effectiveStatus(invite), 'revoked'],
        ...(registrants.length === 1 ? { registrant: [registrants[0], null] } : {}),
        ...(registrants.length > 1 ? { registrants: [registrants, []] } : {}),
      },
    });
    return updated!;
  });
  return readInvite(db, row.id, publicUrl);
}

/** Mails an unused invite again, with a fresh expiry: the link stays the same. */
export async function resendInvite(deps: InviteDeps, context: SignedInContext, id: string): Promise<Invite> {
  const { db, publicUrl } = deps;
  const row = await db.transaction(async (tx) => {
    const invite = await lockInvite(tx, { id });
    if (!invite) throw notFound();
    const status = effectiveStatus(invite);
    if (!invite.email || (status !== 'pending' && status !== 'expired')) {
      throw new AppError('conflict', messages.inviteResendRefused);
    }
    const [updated] = await tx
      .update(invites)
      .set({ expiresAt: new Date(Date.now() + invite.hours * HOUR_MS) })
      .where(eq(invites.id, id))
      .returning();
    await mailInvite(deps, tx, updated!, context.actor);
    await recordAudit(tx, context, {
      action: 'invite.resend',
      target: inviteTarget(invite),
      changes: { expiresAt: [invite.expiresAt, updated!.expiresAt] },
    });
    return updated!;
  });
  return readInvite(db, row.id, publicUrl);
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
      const uses = invite && invite.maxUses > 1 ? await usesOf(tx, invite.id) : 0;
      const refusal = inviteRefusal(invite, person.email, null, uses);
      if (refusal) throw new AppError('bad_request', refusal);
      const userId = newId();
      await tx
        .insert(users)
        .values({ id: userId, name: person.name, email: person.email, googleSub: person.sub, confirmed: true });
      await tx.insert(userRoles).values({ id: newId(), userId, roleId: await roleForApproval(tx, invite!) });
      await takeUse(tx, invite!, { userId, email: person.email, status: 'consumed' });
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
