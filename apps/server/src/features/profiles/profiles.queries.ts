import { eq } from 'drizzle-orm';
import type { Language, Profile } from '@community/shared';
import type { Db } from '../../db/client.js';
import { profiles, users } from '../../db/schema.js';
import { listUserPage, newestFirst } from '../users/users.queries.js';

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
export const listUserProfiles = (db: Db, query: { page: number; limit: number; q?: string }) =>
  listUserPage(db, 'profiles', query, async (pageIds, reversed) => {
    const rows = await db
      .select(columns)
      .from(users)
      .innerJoin(pageIds, eq(users.id, pageIds.id))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .orderBy(...newestFirst(reversed));
    return rows.map(toProfile);
  });

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
