import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Invite, InviteFilters, InviteListQuery, InviteStatus, InviteValidation } from '@community/shared';
import type { Db } from '../../db/client.js';
import { listPage } from '../../db/list.js';
import { invites, roles, users } from '../../db/schema.js';
import { settleNotices } from '../notifications/notify.js';

export type InviteRow = typeof invites.$inferSelect;
type Registrant = { id: string | null; name: string | null; email: string | null };
type Account = Invite['accounts'][number];
/** What a page of invites is read with besides the rows. */
export type InviteExtras = {
  registrant?: Registrant;
  role?: { id: string; name: string } | null;
  accounts?: Account[];
};

const registrantColumns = { id: users.id, name: users.name, email: users.email };

/** A single-use invite is used once someone registered through it; a rejected registration gives the use back. */
const SINGLE_USE_TAKEN: readonly string[] = ['confirming', 'submitted', 'consumed'];

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
/** Who registered is shown while they wait, and once approved, as the account the invite made. */
const REGISTRANT_SHOWN: readonly InviteStatus[] = ['confirming', 'submitted', 'consumed'];

function toInvite(row: InviteRow, publicUrl: string, extras: InviteExtras = {}): Invite {
  const { registrant, role, accounts = [] } = extras;
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
      REGISTRANT_SHOWN.includes(status) && registrant?.id
        ? { _id: registrant.id, name: registrant.name ?? '', email: registrant.email ?? '' }
        : null,
    maxUses: row.maxUses,
    uses:
      row.maxUses > 1
        ? accounts.filter((account) => account.status !== 'rejected').length
        : Number(SINGLE_USE_TAKEN.includes(row.status)),
    role: role ? { _id: role.id, name: role.name } : null,
    accounts,
  };
}

/** The registrations made through each of these several-use invites, newest first. */
async function accountsOf(db: Db, parentIds: string[]): Promise<Map<string, Account[]>> {
  const byParent = new Map<string, Account[]>();
  if (parentIds.length === 0) return byParent;
  const rows = await db
    .select({ child: invites, name: users.name, email: users.email })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.userId))
    .where(inArray(invites.parentId, parentIds))
    .orderBy(desc(invites.createdAt));
  for (const { child, name, email } of rows) {
    const list = byParent.get(child.parentId!) ?? [];
    list.push({
      inviteId: child.id,
      name,
      email: email ?? child.email,
      status: effectiveStatus(child),
      createdAt: child.createdAt.toISOString(),
    });
    byParent.set(child.parentId!, list);
  }
  return byParent;
}

/** Registrations through a several-use invite that hold a use: all but the rejected ones. */
export async function usesOf(tx: Db, parentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invites)
    .where(and(eq(invites.parentId, parentId), ne(invites.status, 'rejected')));
  return row?.n ?? 0;
}

/** Invites as the API answers them: with their registrant, role and the accounts made through them. */
export async function invitesWithExtras(
  db: Db,
  rows: { invite: InviteRow; registrant: Registrant | null }[],
  publicUrl: string,
) {
  const roleIds = [...new Set(rows.map((row) => row.invite.roleId).filter((id): id is string => id !== null))];
  const [roleRows, accounts] = await Promise.all([
    roleIds.length > 0
      ? db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds))
      : Promise.resolve([]),
    accountsOf(
      db,
      rows.filter((row) => row.invite.maxUses > 1).map((row) => row.invite.id),
    ),
  ]);
  return rows.map(({ invite, registrant }) =>
    toInvite(invite, publicUrl, {
      registrant: registrant ?? undefined,
      role: roleRows.find((role) => role.id === invite.roleId) ?? null,
      accounts: accounts.get(invite.id) ?? [],
    }),
  );
}

export async function readInvite(db: Db, id: string, publicUrl: string): Promise<Invite> {
  const rows = await db
    .select({ invite: invites, registrant: registrantColumns })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.userId))
    .where(eq(invites.id, id));
  return (await invitesWithExtras(db, rows, publicUrl))[0]!;
}

/** A GET: reading an invite never uses it up (mail scanners open links). */
export function toValidation(row: InviteRow | undefined, uses = 0): InviteValidation {
  const status = row && effectiveStatus(row);
  if (!row || status === 'rejected' || status === 'revoked') {
    return { ok: false, expired: false, consumed: false, confirming: false, email: null, expiresAt: null };
  }
  return {
    ok: true,
    expired: status === 'expired',
    // While confirming, the one who registered may register again (a lost or expired mail).
    consumed: row.maxUses > 1 ? uses >= row.maxUses : status === 'submitted' || status === 'consumed',
    confirming: row.maxUses === 1 && status === 'confirming',
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The key each order of the invites list sorts by, before the id; each has an index. */
const SORT_KEYS = { createdAt: invites.createdAt, expiresAt: invites.expiresAt } as const;

const inviteOrder = ({ field, isDescending }: InviteFilters['sort'], reversed = false) => {
  const direction = isDescending !== reversed ? desc : asc;
  return [direction(SORT_KEYS[field]), direction(invites.id)];
};

/** An invite's status as the list shows it, as a condition on the stored row. */
function statusIs(status: InviteStatus): SQL {
  const unused = and(eq(invites.status, 'pending'), isNull(invites.revokedAt));
  if (status === 'revoked') return and(eq(invites.status, 'pending'), isNotNull(invites.revokedAt))!;
  if (status === 'expired') return and(unused, lte(invites.expiresAt, sql`now()`))!;
  if (status === 'pending') return and(unused, gt(invites.expiresAt, sql`now()`))!;
  return eq(invites.status, status);
}

/** Invites people were given (a several-use invite's registrations are listed under it), filtered. */
const inviteWhere = (filters: InviteFilters) =>
  and(isNull(invites.parentId), filters.status ? statusIs(filters.status) : undefined)!;

const readInvitePage = (db: Db, where: SQL) =>
  db
    .select({
      invite: invites,
      registrant: registrantColumns,
      // The sort keys as text: exact to the microsecond, where a JS Date would round them.
      createdAtKey: sql<string>`${invites.createdAt}::text`,
      expiresAtKey: sql<string>`${invites.expiresAt}::text`,
    })
    .from(invites)
    .leftJoin(users, eq(users.id, invites.userId))
    .where(where)
    .$dynamic();

export async function listInvites(db: Db, publicUrl: string, query: InviteListQuery) {
  const where = inviteWhere(query);
  return listPage(db, {
    name: 'invites',
    changesWithTime: true,
    query,
    table: 'invites',
    where,
    fetch: async ({ offset, limit, reversed }) => {
      const rows = await readInvitePage(db, where)
        .orderBy(...inviteOrder(query.sort, reversed))
        .limit(limit)
        .offset(offset);
      return invitesWithExtras(db, rows, publicUrl);
    },
  });
}

const EXPORT_BATCH = 1000;

/** Every invite the filters match, in the list's order, a batch at a time from the last key on. */
export async function* exportInvites(db: Db, publicUrl: string, filters: InviteFilters) {
  const where = inviteWhere(filters);
  const { field, isDescending } = filters.sort;
  const key = SORT_KEYS[field];
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const beyond = after
      ? sql`(${key}, ${invites.id}) ${sql.raw(isDescending ? '<' : '>')} (${after.key}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await readInvitePage(db, and(where, beyond)!)
      .orderBy(...inviteOrder(filters.sort))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield await invitesWithExtras(db, rows, publicUrl);
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { key: field === 'createdAt' ? last.createdAtKey : last.expiresAtKey, id: last.invite.id };
  }
}

export const INVITES_CSV_HEADER = [
  'id',
  'email',
  'status',
  'created',
  'expires',
  'uses',
  'max uses',
  'role',
  'registrant',
  'link',
] as const;

export const inviteCsvCells = (invite: Invite) => [
  invite._id,
  invite.email,
  invite.status,
  invite.createdAt,
  invite.expiresAt,
  invite.uses,
  invite.maxUses,
  invite.role?.name,
  invite.registrant?.email,
  invite.link,
];

export async function findInviteByToken(db: Db, token: string): Promise<InviteRow | undefined> {
  // The rows a several-use invite keeps its registrations on are never handed out as links.
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.token, token), isNull(invites.parentId)));
  return row;
}

/** Locks the row for the rest of the transaction: one invite is used once. */
export async function lockInvite(tx: Db, by: { id: string } | { token: string }): Promise<InviteRow | undefined> {
  const [row] = await tx
    .select()
    .from(invites)
    .where('id' in by ? eq(invites.id, by.id) : and(eq(invites.token, by.token), isNull(invites.parentId)))
    .for('update');
  return row;
}

/**
 * Before a registrant who still awaits approval is deleted: their invite counts as rejected, so it
 * never waits on an account that is gone.
 */
export async function releaseInvitesOf(tx: Db, userId: string): Promise<void> {
  const released = await tx
    .update(invites)
    .set({ status: 'rejected', userId: null })
    .where(and(eq(invites.userId, userId), inArray(invites.status, ['confirming', 'submitted'])))
    .returning({ id: invites.id });
  await settleNotices(
    tx,
    released.map(({ id }) => id),
  );
}
