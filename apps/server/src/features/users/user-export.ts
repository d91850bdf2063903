import { eq, sql } from 'drizzle-orm';
import type { User, UserListQuery } from '@community/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { sortKeyColumns, sortKeyOf, toUser, userBatches, userColumns } from './users.queries.js';

type ExportedUser = User & { roles: string[]; language: string | null };

/** Every user the filters match with the names of their roles, in the list's order, in batches. */
export async function* exportUsers(db: Db, filters: Omit<UserListQuery, 'page' | 'limit'>) {
  const batches = userBatches(
    db,
    filters,
    (pageIds, order) =>
      db
        .select({
          ...userColumns,
          ...sortKeyColumns,
          language: users.language,
          // Written out: drizzle drops table names from columns in a one-table select.
          roles: sql<string[]>`array(select r.name from user_roles ur join roles r on r.id = ur.role_id
                                     where ur.user_id = "users"."id" order by r.name)`,
        })
        .from(users)
        .innerJoin(pageIds, eq(users.id, pageIds.id))
        .orderBy(...order),
    sortKeyOf(filters.sort),
  );
  for await (const rows of batches)
    yield rows.map((row): ExportedUser => ({ ...toUser(row), roles: row.roles, language: row.language }));
}

export const USERS_CSV_HEADER = ['id', 'joined', 'name', 'email', 'confirmed', 'blocked', 'roles', 'language'] as const;

export const userCsvCells = (user: ExportedUser) => [
  user._id,
  user.createdAt,
  user.name,
  user.email,
  user.confirmed,
  user.blocked,
  user.roles.join('; '),
  user.language,
];
