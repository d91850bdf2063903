import { eq } from 'drizzle-orm';
import { messages, type ContactBody, type ContactMessage, type ContactStatus } from '@community/shared';
import type { Db } from '../../db/client.js';
import { contactMessages, contactReplies, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext, SignedInContext } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { activeAdmins, notifyAdmins, settleNotices } from '../notifications/notify.js';
import { findContactMessage, lockContactMessage } from './contact-messages.queries.js';

/** The longest part of a message a notification repeats; the message itself is kept whole. */
const NOTIFIED_LENGTH = 1000;
/** No person fills the form in less. */
const MIN_FILL_MS = 3000;

type ContactDeps = { db: Db; mail: MailQueue };

const notFound = () => new AppError('not_found', messages.notFound('Contact message'));
const target = (row: { id: string; name: string }) => ({ type: 'contact_message', id: row.id, label: row.name });

/**
 * A bot fills the field people never see, or posts faster than anyone types. A `startedAt` ahead
 * of this clock (the visitor's clock is fast) cannot be judged, and counts as a person's.
 */
function looksLikeABot({ website, startedAt }: Pick<ContactBody, 'website' | 'startedAt'>, now = Date.now()) {
  if (website?.trim()) return true;
  if (startedAt === undefined) return false;
  const elapsed = now - startedAt;
  return elapsed >= 0 && elapsed < MIN_FILL_MS;
}

/**
 * Keeps the message, tells every administrator and mails the ones who asked for it, in one
 * transaction. A bot's message is answered the same and nothing is kept.
 */
export async function receiveContactMessage(deps: ContactDeps, context: RequestContext, body: ContactBody) {
  if (looksLikeABot(body)) return;
  const { name, email, message } = body;
  await deps.db.transaction(async (tx) => {
    const id = newId();
    await tx.insert(contactMessages).values({ id, name, email, message });
    await recordAudit(tx, context, {
      action: 'contact.receive',
      actor: { id: null, email },
      target: target({ id, name }),
    });
    await notifyAdmins(tx, {
      title: messages.contactMessageTitle,
      body: messages.contactMessageBody(
        name,
        email,
        message.length > NOTIFIED_LENGTH ? `${message.slice(0, NOTIFIED_LENGTH)}…` : message,
      ),
      link: '/admin/messages',
      subjectId: id,
    });
    for (const admin of await activeAdmins(tx, { mailOnContact: true }))
      await deps.mail.queue(tx, 'contactMessage', admin, { name, email, message });
  });
}

export async function setContactStatus(
  db: Db,
  context: SignedInContext,
  id: string,
  status: ContactStatus,
): Promise<ContactMessage> {
  await db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, id);
    if (!row) throw notFound();
    if (row.status === status) return;
    // Filed away, a message keeps whether it was handled; put back to new, it no longer is.
    const handledAt = status === 'handled' ? new Date() : status === 'new' ? null : row.handledAt;
    await tx.update(contactMessages).set({ status, handledAt }).where(eq(contactMessages.id, id));
    // Handled or filed, a message awaits nobody; put back to new, its notices stay as each left them.
    if (status !== 'new') await settleNotices(tx, [id]);
    await recordAudit(tx, context, {
      action: 'contact.status',
      target: target(row),
      changes: { status: [row.status, status] },
    });
  });
  return (await findContactMessage(db, id))!;
}

/**
 * Mails the writer from the community's address, keeps the reply under the message and marks it
 * handled. Answers go to MAIL_REPLY_TO, else to the administrator who replied.
 */
export async function replyToContactMessage(
  deps: ContactDeps & { replyTo: string | undefined },
  context: SignedInContext,
  id: string,
  body: string,
): Promise<ContactMessage> {
  const { db, mail } = deps;
  await db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, id);
    if (!row) throw notFound();
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, context.actor.id));
    await tx.insert(contactReplies).values({
      id: newId(),
      messageId: id,
      authorId: context.actor.id,
      authorName: author?.name ?? context.actor.email,
      body,
    });
    await tx
      .update(contactMessages)
      .set({ status: 'handled', handledAt: new Date() })
      .where(eq(contactMessages.id, id));
    await settleNotices(tx, [id]);
    // The public site speaks Greek, so its visitors are answered in Greek.
    await mail.queue(
      tx,
      'contactReply',
      { email: row.email, language: 'el' },
      { name: row.name, reply: body, original: row.message, sentAt: row.createdAt },
      { replyTo: deps.replyTo ?? context.actor.email },
    );
    await recordAudit(tx, context, {
      action: 'contact.reply',
      target: target(row),
      changes: { status: [row.status, 'handled'] },
    });
  });
  return (await findContactMessage(db, id))!;
}

export async function deleteContactMessage(db: Db, context: SignedInContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockContactMessage(tx, id);
    if (!row) throw notFound();
    await tx.delete(contactMessages).where(eq(contactMessages.id, id));
    await settleNotices(tx, [id]);
    await recordAudit(tx, context, { action: 'contact.delete', target: target(row) });
  });
}
