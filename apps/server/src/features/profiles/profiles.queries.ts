import { eq } from 'drizzle-orm';
import type { Language, Profile, UserListQuery } from '@community/shared';
import type { Db } from '../../db/client.js';
import { profiles, users } from '../../db/schema.js';
import { listUserPage, sortKeyColumns, sortKeyOf, userBatches } from '../users/users.queries.js';

const columns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  avatarUrl: users.avatarUrl,
  address: profiles.address,
  phone: profiles.phone,
  bio: profiles.bio,
  image: profiles.image,
};

type Row = {
  userId: string;
  email: string;
  name: string;
  avatarUrl: string | null;
  address: string | null;
  phone: string | null;
  bio: string | null;
  image: string | null;
};

const toProfile = (row: Row): Profile => ({
  _id: row.userId,
  name: row.name,
  address: row.address,
  phone: row.phone,
  bio: row.bio,
  image: row.image ?? row.avatarUrl,
  user: { _id: row.userId, email: row.email },
});

/** Every user has a profile, stored or empty: the list is the users list with profile fields. */
export const listUserProfiles = (db: Db, query: UserListQuery) =>
  listUserPage(
    db,
    'profiles',
    query,
    async (pageIds, order) =>
      db
        .select({ ...columns, matches: pageIds.matches })
        .from(users)
        .innerJoin(pageIds, eq(users.id, pageIds.id))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .orderBy(...order),
    toProfile,
  );

/** Every profile the filters match, in the list's order, a batch at a time. */
export const exportUserProfiles = (db: Db, filters: Omit<UserListQuery, 'page' | 'limit'>) =>
  userBatches(
    db,
    filters,
    async (pageIds, order) =>
      db
        .select({ ...columns, id: users.id, ...sortKeyColumns })
        .from(users)
        .innerJoin(pageIds, eq(users.id, pageIds.id))
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .orderBy(...order),
    sortKeyOf(filters.sort),
  );

export const PROFILES_CSV_HEADER = ['name', 'email', 'address', 'phone', 'bio', 'image'] as const;

export const profileCsvCells = (row: Row) => {
  const profile = toProfile(row);
  return [profile.name, profile.user.email, profile.address, profile.phone, profile.bio, profile.image];
};

export async function findProfile(db: Db, userId: string): Promise<Profile | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? toProfile(row) : undefined;
}

/** How this person wants their mail: its language (Greek until they choose) and which mail. */
export async function mailSettingsOf(db: Db, userId: string): Promise<{ language: Language; mailOnContact: boolean }> {
  const [row] = await db
    .select({ language: users.language, mailOnContact: users.mailOnContact })
    .from(users)
    .where(eq(users.id, userId));
  return { language: row?.language ?? 'el', mailOnContact: row?.mailOnContact ?? false };
}
