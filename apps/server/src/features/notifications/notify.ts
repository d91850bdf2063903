import { and, eq, inArray, isNull } from 'drizzle-orm';
import { messages } from '@community/shared';
import type { Db } from '../../db/client.js';
import { notifications, roles, userRoles, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { recipientOf, type MailQueue } from '../mail/mail-queue.js';

export type NewNotification = { title: string; body?: string; link?: string; subjectId?: string };

/** Server-made notifications only: links are paths of this site, never taken from input. */
export async function notifyUser(db: Db, userId: string, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values({ id: newId(), userId, ...notification });
}

/** Confirmed, unblocked holders of an administrator role; `mailOnContact`: only those who asked for it. */
export function activeAdmins(db: Db, only: { mailOnContact?: true } = {}) {
  return db
    .selectDistinct({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(roles.type, 'admin'),
        eq(users.confirmed, true),
        eq(users.blocked, false),
        only.mailOnContact ? eq(users.mailOnContact, true) : undefined,
      ),
    );
}

/** Every active administrator gets their own copy, read or not on their own. */
export async function notifyAdmins(db: Db, notification: NewNotification): Promise<void> {
  const admins = await activeAdmins(db);
  if (admins.length === 0) return;
  await db.insert(notifications).values(admins.map(({ id }) => ({ id: newId(), userId: id, ...notification })));
}

/** What every administrator is told when a registration through `inviteId` awaits their decision. */
export const registrationAwaits = (inviteId: string, registrant: { name: string; email: string }): NewNotification => ({
  title: messages.registrationAwaitsTitle,
  body: messages.registrationAwaitsBody(registrant.name, registrant.email),
  link: '/admin/invites',
  subjectId: inviteId,
});

/**
 * Once what a notice is about has been dealt with (a registration decided, a message answered or
 * filed) or deleted, it awaits nobody: every administrator's copy reads as read, whatever it was
 * called meanwhile.
 */
export async function settleNotices(tx: Db, subjectIds: string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(inArray(notifications.subjectId, subjectIds), isNull(notifications.readAt)));
}

/**
 * Told whichever way the password changed, by notification and by mail, so a change the person
 * did not make is noticed even by someone who no longer can sign in.
 */
export async function tellPasswordChanged(tx: Db, mail: MailQueue, userId: string): Promise<void> {
  await notifyUser(tx, userId, {
    title: messages.passwordChangedTitle,
    body: messages.passwordChangedBody,
    link: '/admin/account/security',
  });
  const person = await recipientOf(tx, userId);
  if (person) await mail.queue(tx, 'passwordChanged', person, { name: person.name });
}
