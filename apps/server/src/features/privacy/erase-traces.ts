import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DELETED_USER } from '@community/shared';
import type { Db } from '../../db/client.js';
import { auditEvents, contactMessages, invites, mailQueue, notifications } from '../../db/schema.js';
import { REDACTED } from '../audit/audit.queries.js';

type Person = { id: string; name: string; email: string };

/**
 * Everything that named a person who deleted their account, rewritten in the deletion's
 * transaction, before the account goes: the audit log keeps what was done and which fields
 * changed, with "deleted user" in place of the person and no values of theirs; administrators'
 * notifications, invites and the inbox no longer hold their name or address; mail sent to them
 * is deleted.
 */
export async function eraseTracesOf(tx: Db, person: Person): Promise<void> {
  const { id, name, email } = person;
  const messages = await tx
    .delete(contactMessages)
    .where(eq(contactMessages.email, email))
    .returning({ id: contactMessages.id });
  await tx.delete(mailQueue).where(eq(mailQueue.to, email));
  await tx
    .update(invites)
    .set({ email: DELETED_USER })
    .where(or(eq(invites.userId, id), sql`lower(${invites.email}) = lower(${email})`));
  // "{name} <{email}> registered through an invite."
  await tx
    .update(notifications)
    .set({
      body: sql`replace(replace(${notifications.body}, ${`${name} <${email}>`}, ${DELETED_USER}), ${email}, ${DELETED_USER})`,
    })
    .where(sql`strpos(${notifications.body}, ${email}) > 0`);
  await eraseFromAuditLog(
    tx,
    person,
    messages.map((message) => message.id),
  );
}

async function eraseFromAuditLog(tx: Db, { id, email }: Person, messageIds: string[]) {
  // Entries stay append-only for everyone else; this transaction alone may rewrite them.
  await tx.execute(sql`select set_config('audit.maintenance', 'on', true)`);
  const byThem = or(eq(auditEvents.actorId, id), eq(auditEvents.actorEmail, email));
  const aboutThem = or(
    and(eq(auditEvents.targetType, 'user'), eq(auditEvents.targetId, id)),
    // Their own registration (name, address) and their passkeys' names.
    and(eq(auditEvents.actorId, id), inArray(auditEvents.targetType, ['invite', 'passkey'])),
    messageIds.length
      ? and(eq(auditEvents.targetType, 'contact_message'), inArray(auditEvents.targetId, messageIds))
      : undefined,
  );
  await tx.update(auditEvents).set({ actorEmail: DELETED_USER, ip: null, userAgent: null }).where(byThem);
  await tx
    .update(auditEvents)
    .set({
      targetLabel: DELETED_USER,
      // Which fields changed stays; what they held does not.
      changes: sql`(select jsonb_object_agg(field, ${JSON.stringify([REDACTED, REDACTED])}::jsonb) from jsonb_object_keys(${auditEvents.changes}) field)`,
    })
    .where(aboutThem);
  // Elsewhere (an invite to their address, its approval, a role given to them) only the address goes.
  await tx
    .update(auditEvents)
    .set({ targetLabel: sql`replace(${auditEvents.targetLabel}, ${email}, ${DELETED_USER})` })
    .where(sql`strpos(${auditEvents.targetLabel}, ${email}) > 0`);
  await tx
    .update(auditEvents)
    .set({ changes: sql`replace(${auditEvents.changes}::text, ${email}, ${DELETED_USER})::jsonb` })
    .where(sql`strpos(${auditEvents.changes}::text, ${email}) > 0`);
}
