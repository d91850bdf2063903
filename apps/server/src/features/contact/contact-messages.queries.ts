import { and, asc, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ContactMessage, ContactMessagesQuery } from '@community/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, foldedHolds, listPage } from '../../db/list.js';
import { contactMessages, contactReplies } from '../../db/schema.js';

type MessageRow = typeof contactMessages.$inferSelect;
type ReplyRow = typeof contactReplies.$inferSelect;

const toContactMessage = (row: MessageRow, replies: ReplyRow[]): ContactMessage => ({
  _id: row.id,
  createdAt: row.createdAt.toISOString(),
  name: row.name,
  email: row.email,
  message: row.message,
  status: row.status,
  handledAt: row.handledAt?.toISOString() ?? null,
  replies: replies.map((reply) => ({
    _id: reply.id,
    createdAt: reply.createdAt.toISOString(),
    authorName: reply.authorName,
    body: reply.body,
  })),
});

async function withReplies(db: Db, rows: MessageRow[]): Promise<ContactMessage[]> {
  if (rows.length === 0) return [];
  const replies = await db
    .select()
    .from(contactReplies)
    .where(
      inArray(
        contactReplies.messageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(contactReplies.createdAt));
  return rows.map((row) =>
    toContactMessage(
      row,
      replies.filter((reply) => reply.messageId === row.id),
    ),
  );
}

function inboxWhere({ status, q }: Pick<ContactMessagesQuery, 'status' | 'q'>): SQL | undefined {
  const conditions = [
    status ? eq(contactMessages.status, status) : undefined,
    q
      ? or(
          foldedHolds(contactMessages.name, q),
          ilike(contactMessages.email, containsPattern(q)),
          foldedHolds(contactMessages.message, q),
        )
      : undefined,
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first, read afresh: messages are few, and arrive from the public page at any time. */
export function listContactMessages(db: Db, query: ContactMessagesQuery) {
  const where = inboxWhere(query);
  return listPage(db, {
    name: 'contact messages',
    query,
    table: 'contact_messages',
    source: 'never',
    where,
    fetch: async ({ offset, limit, reversed }) => {
      const direction = reversed ? asc : desc;
      const rows = await db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(direction(contactMessages.createdAt), direction(contactMessages.id))
        .limit(limit)
        .offset(offset);
      return withReplies(db, rows);
    },
  });
}

export async function findContactMessage(db: Db, id: string): Promise<ContactMessage | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ? (await withReplies(db, [row]))[0] : undefined;
}

export async function lockContactMessage(tx: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}
