import { messages, type ContactBody } from '@community/shared';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../lib/request-context.js';
import { recordAudit } from '../audit/audit.queries.js';
import { notifyAdmins } from '../notifications/notify.js';

/** The longest part of a message a notification repeats; the message itself is kept whole. */
const NOTIFIED_LENGTH = 1000;

/** Keeps the message and tells every administrator, in one transaction. */
export async function receiveContactMessage(
  db: Db,
  context: RequestContext,
  { name, email, message }: ContactBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const id = newId();
    await tx.insert(contactMessages).values({ id, name, email, message });
    await recordAudit(tx, context, {
      action: 'contact.receive',
      actor: { id: null, email },
      target: { type: 'contact_message', id, label: name },
    });
    await notifyAdmins(tx, {
      title: messages.contactMessageTitle,
      body: messages.contactMessageBody(
        name,
        email,
        message.length > NOTIFIED_LENGTH ? `${message.slice(0, NOTIFIED_LENGTH)}…` : message,
      ),
    });
  });
}
