import { sql } from 'drizzle-orm';
import { messages } from '@community/shared';
import type { Db } from '../../db/client.js';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.js';
import { queryRows } from '../../db/query-rows.js';
import { AppError } from '../../lib/app-error.js';

/** Serialises admin-affecting transactions, so two concurrent demotions cannot both pass the check. */
export async function lockAdminChanges(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.adminGuard})`);
}

export async function countActiveAdmins(tx: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`
    select count(distinct u.id)::int as n from users u
    join user_roles ur on ur.user_id = u.id
    join roles r on r.id = ur.role_id
    where r.type = 'admin' and u.confirmed and not u.blocked`,
  );
  return Number(row?.n ?? 0);
}

/** Run after the change inside its transaction: throwing rolls the change back. */
export async function assertAnAdminRemains(tx: Db) {
  if ((await countActiveAdmins(tx)) < 1) throw new AppError('conflict', messages.lastAdmin);
}

export async function isAdminUser(tx: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ is_admin: boolean }>(
    tx,
    sql`
    select exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                   where ur.user_id = ${userId}::uuid and r.type = 'admin') as is_admin`,
  );
  return Boolean(row?.is_admin);
}
