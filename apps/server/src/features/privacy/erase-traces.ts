import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { DELETED_USER } from '@community/shared';
import type { Db } from '../../db/client.js';
import { auditEvents, contactMessages, contactReplies, invites, mailQueue, notifications } from '../../db/schema.js';
import { REDACTED } from '../audit/audit.queries.js';

type Person = { id: string; name: string; email: string };

/** What the person did about themselves that names them: their registration through an invite. */
const OWN_REGISTRATION = ['invite.register', 'invite.confirm_email', 'invite.google'];

/**
 * Everything that named a person who deleted their account, rewritten in the deletion's
 * transaction, before the account goes: the audit log keeps what was done and which fields
 * changed, with "deleted user" in place of the person and no values of theirs; administrators'
 * notifications about them, the invites to their address, their messages to the inbox, their
 * name on replies they wrote and mail about them go. Only whole values are replaced: another
 * address that merely contains theirs stays as it is.
 */
export async function eraseTracesOf(tx: Db, person: Person): Promise<void> {
  const { id, email } = person;
  const messages = await tx
    .delete(contactMessages)
    .where(eq(contactMessages.email, email))
    .returning({ id: contactMessages.id });
  // Mail to them, and the copies of their messages and registration sent to administrators.
  const named = `<${email}>`;
  await tx.delete(mailQueue).where(or(eq(mailQueue.to, email), sql`strpos(${mailQueue.text}, ${named}) > 0`));
  // "{name} <{email}> registered through an invite.", "{name} <{email}>: {message}"
  await tx.delete(notifications).where(sql`strpos(${notifications.body}, ${named}) > 0`);
  await tx.update(contactReplies).set({ authorName: DELETED_USER }).where(eq(contactReplies.authorId, id));
  await tx
    .update(invites)
    .set({ email: DELETED_USER })
    .where(and(isNotNull(invites.email), or(eq(invites.userId, id), sql`lower(${invites.email}) = lower(${email})`)));
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
    and(eq(auditEvents.actorId, id), inArray(auditEvents.action, OWN_REGISTRATION)),
    // Their passkeys' names: only a person adds and removes their own.
    and(eq(auditEvents.actorId, id), eq(auditEvents.targetType, 'passkey')),
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
  // Elsewhere (an invite to their address, its approval, a role given to them) only the address
  // goes: a label that is the address or begins with it ("their address: Editors"), and a
  // before or after value equal to it.
  await tx
    .update(auditEvents)
    .set({ targetLabel: sql`${DELETED_USER} || substr(${auditEvents.targetLabel}, length(${email}) + 1)` })
    .where(labelNames(email));
  const value = sql`to_jsonb(${email}::text)`;
  await tx
    .update(auditEvents)
    .set({
      changes: sql`(
        select jsonb_object_agg(field, case when jsonb_typeof(pair) = 'array' then (
          select jsonb_agg(case when element = ${value} then to_jsonb(${DELETED_USER}::text) else element end order by n)
          from jsonb_array_elements(pair) with ordinality as elements(element, n)
        ) else pair end)
        from jsonb_each(${auditEvents.changes}) as fields(field, pair)
      )`,
    })
    .where(holdsValue(email));
}

/** An audit entry whose label names the person: their address, or "their address: Editors". */
export const labelNames = (email: string) =>
  or(eq(auditEvents.targetLabel, email), sql`starts_with(${auditEvents.targetLabel}, ${`${email}: `})`)!;

/** An audit entry with a before or after value that is the person's address. */
export const holdsValue = (email: string) =>
  sql`exists (select 1 from jsonb_each(${auditEvents.changes}) as fields(field, pair)
    where jsonb_typeof(pair) = 'array' and pair @> jsonb_build_array(to_jsonb(${email}::text)))`;
