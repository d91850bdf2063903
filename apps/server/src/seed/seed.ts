import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { clientPermissions, roleClientPermissions, roles, settings, userRoles, users } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import type { RegisteredRoute } from '../plugins/access.js';
import { syncPermissions } from '../features/permissions/permissions.queries.js';
import { SEED_CLIENT_PERMISSIONS, SEED_ROLES } from './seed-data.js';

async function readSetting(db: Db, key: string) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** A secret made once and kept in the database, so restarts and other instances share it. */
export async function ensureJwtSecret(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: 'jwt_secret', value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  return (await readSetting(db, 'jwt_secret'))!;
}

async function seedAccessModel(db: Db, routes: RegisteredRoute[]) {
  await db.transaction(async (tx) => {
    const roleIds = new Map<string, string>();
    for (const role of SEED_ROLES) {
      const id = newId();
      roleIds.set(role.type, id);
      await tx.insert(roles).values({ id, ...role });
    }
    for (const { roles: grantedTo, menu_order, ...entry } of SEED_CLIENT_PERMISSIONS) {
      const id = newId();
      await tx.insert(clientPermissions).values({ id, ...entry, menuOrder: menu_order });
      for (const type of grantedTo) {
        await tx.insert(roleClientPermissions).values({ roleId: roleIds.get(type)!, clientPermissionId: id });
      }
    }
    await syncPermissions(tx, routes);
    await tx.insert(settings).values({ key: 'seeded_at', value: new Date().toISOString() });
  });
}

async function seedAdmin(db: Db, options: { adminEmail?: string; adminPassword?: string; logger: Logger }) {
  const email = options.adminEmail ?? 'admin@localhost';
  const password = options.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.type, 'admin')).limit(1);
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: 'Administrator',
      email,
      passwordHash: await hashPassword(password),
      confirmed: true,
      blocked: false,
    });
    await tx.insert(userRoles).values({ id: newId(), userId: id, roleId: adminRole!.id });
  });
  if (options.adminPassword) {
    options.logger.info({ email }, 'created the administrator from ADMIN_EMAIL');
  } else {
    // Printed once, on the start that created it: there is no other way to learn it.
    options.logger.warn({ email, password }, 'created an administrator with a random password: sign in and change it');
  }
}

/** First start: roles, menu entries, API permissions and the administrator. Later starts: nothing. */
export async function seed(
  db: Db,
  options: { routes: RegisteredRoute[]; adminEmail?: string; adminPassword?: string; logger: Logger },
) {
  if (!(await readSetting(db, 'seeded_at'))) await seedAccessModel(db, options.routes);
  const [anyUser] = await db
    .select({ one: sql`1` })
    .from(users)
    .limit(1);
  if (!anyUser) await seedAdmin(db, options);
}
