import crypto from 'node:crypto';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { clientPermissions, roleClientPermissions, roles, settings, userRoles, users } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../lib/passwords.js';
import { writePrivateFile } from '../lib/private-file.js';
import type { RegisteredRoute } from '../plugins/access.js';
import { syncPermissions } from '../features/permissions/permissions.queries.js';
import { SEED_CLIENT_PERMISSIONS, SEED_ROLES } from './seed-data.js';

async function readSetting(db: Db, key: string) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
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
      const [made] = await tx
        .select({ id: clientPermissions.id })
        .from(clientPermissions)
        .where(
          and(
            eq(clientPermissions.path, entry.path),
            eq(clientPermissions.menu, entry.menu),
            eq(clientPermissions.auth, entry.auth),
          ),
        );
      if (made) continue;
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

/**
 * The administrator of a first start without ADMIN_EMAIL. The address passes the product's own
 * email rule, so the sign-in form accepts it; `.localhost` names no real mail domain.
 */
export const DEFAULT_ADMIN_EMAIL = 'admin@community.localhost';
/** In DATA_DIR: the generated password, for whoever runs the server; never in the log. */
export const ADMIN_CREDENTIALS_FILE = 'admin-credentials.txt';

export type SeedOptions = {
  routes: RegisteredRoute[];
  adminEmail?: string;
  adminPassword?: string;
  dataDir: string;
  /** Where the administrator signs in, for the first-start notice. */
  signInUrl: string;
  logger: Logger;
  /** Shows a person at the terminal what only they may read (the generated password). */
  tell: (text: string) => void;
};

/** A framed notice that stands out from the JSON log lines around it. */
function framed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '═'.repeat(width + 2);
  return [`╔${rule}╗`, ...lines.map((line) => `║ ${line.padEnd(width)} ║`), `╚${rule}╝`, ''].join('\n');
}

async function seedAdmin(db: Db, options: SeedOptions) {
  const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
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
    return;
  }
  // Shown once, on the start that made it, and kept where only this user can read it.
  const file = path.join(options.dataDir, ADMIN_CREDENTIALS_FILE);
  writePrivateFile(file, `email: ${email}\npassword: ${password}\n`);
  options.logger.warn({ email, file }, 'created an administrator with a generated password, kept in the file named');
  options.tell(
    framed([
      'An administrator was created for this first start:',
      '',
      `  email:    ${email}`,
      `  password: ${password}`,
      '',
      `Sign in at ${options.signInUrl} and change the password on your profile.`,
      `Until you delete it, ${file}`,
      'keeps the same (readable by this user only).',
    ]),
  );
}

/** First start: roles, menu entries, API permissions and the administrator. Later starts: nothing. */
export async function seed(db: Db, options: SeedOptions) {
  if (!(await readSetting(db, 'seeded_at'))) await seedAccessModel(db, options.routes);
  const [anyUser] = await db
    .select({ one: sql`1` })
    .from(users)
    .limit(1);
  if (!anyUser) await seedAdmin(db, options);
}
