import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Invite, InviteStatus, InviteValidation } from '@community/shared';
import type { Db } from '../../db/client.js';
import { listPage } from '../../db/list.js';
import { invites, users } from '../../db/schema.js';

export type InviteRow = typeof invites.$inferSelect;
type Registrant = { id: string | null; name: string | null; email: string | null };

export const inviteLink = (publicUrl: string, token: string) =>
  `${publicUrl}/admin/invite?token=${encodeURIComponent(token)}`;

/** An unused invite reads as revoked once revoked, else as expired past its expiry; the stored row keeps `pending`. */
export function effectiveStatus(
  row: Pick<InviteRow, 'status' | 'expiresAt' | 'revokedAt'>,
  now = new Date(),
): InviteStatus {
  if (row.status !== 'pending') return row.status;
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/** The states in which an account made through the invite waits: for its address, then for an administrator. */
export const REGISTRANT_WAITS: readonly InviteStatus[] = ['confirming', 'submitted'];

export function toInvite(row: InviteRow, publicUrl: string, registrant?: Registrant): Invite {
  const status = effectiveStatus(row);
  return {
    _id: row.id,
    email: row.email,
    token: row.token,
    link: inviteLink(publicUrl, row.token),
    hours: row.hours,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    consumedAt: row.consumedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status,
    registrant:
      REGISTRANT_WAITS.includes(status) && registrant?.id
        ? { _id: registrant.id, name: registrant.name ?? '', email: registrant.email ?? '' }
        : null,
  };
}

/** A GET: reading an invite never uses it up (mail scanners open links). */
export function toValidation(row: InviteRow | undefined): InviteValidation {
  const status = row && effectiveStatus(row);
  if (!row || status === 'rejected' || status === 'revoked') {
    return { ok: false, expired: false, consumed: false, email: null, expiresAt: null };
  }
  return {
    ok: true,
    expired: status === 'expired',
    // While confirming, the one who registered may register again (a lost or expired mail).
    consumed: status === 'submitted' || status === 'consumed',
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
  };
}

const registrantColumns = { id: users.id, name: users.name, email: users.email };

export async function listInvites(db: Db, publicUrl: string, query: { page: number; limit: number }) {
  return listPage(db, {
    name: 'invites',
    changesWithTime: true,
    query,
    table: 'invites',
    where: undefined,
    fetch: async ({ offset, limit, reversed }) => {
      const direction = reversed ? asc : desc;
      const rows = await db
        .select({ invite: invites, registrant: registrantColumns })
        .from(invites)
        .leftJoin(users, eq(users.id, invites.userId))
        .orderBy(direction(invites.createdAt), direction(invites.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => toInvite(row.invite, publicUrl, row.registrant ?? undefined));
    },
  });
}

export async function findInviteByToken(db: Db, token: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.token, token));
  return row;
}

/** Locks the row for the rest of the transaction: one invite is used once. */
export async function lockInvite(tx: Db, by: { id: string } | { token: string }): Promise<InviteRow | undefined> {
  const [row] = await tx
    .select()
    .from(invites)
    .where('id' in by ? eq(invites.id, by.id) : eq(invites.token, by.token))
    .for('update');
  return row;
}

/**
 * Before a registrant who still awaits approval is deleted: their invite counts as rejected, so it
 * never waits on an account that is gone.
 */
export async function releaseInvitesOf(tx: Db, userId: string): Promise<void> {
  await tx
    .update(invites)
    .set({ status: 'rejected', userId: null })
    .where(and(eq(invites.userId, userId), inArray(invites.status, ['confirming', 'submitted'])));
}
