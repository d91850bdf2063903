import crypto from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';
import { readOrCreatePrivateFile } from './private-file.js';

/** Where the embedded mode keeps its generated key, in DATA_DIR. */
export const SIGNING_KEY_FILE = 'jwt-secret';
/** Earlier versions kept a generated key in this setting. */
const KEY_SETTING = 'jwt_secret';

/**
 * The key that signs tokens. It never lives in the database: anyone with a copy of the database
 * could otherwise sign in as anyone. `JWT_SECRET` when set (configuration requires it with
 * PostgreSQL), else a key generated once into a private file in DATA_DIR. A key an earlier
 * version kept in the database moves into that file (sessions carry on) or, with `JWT_SECRET`
 * set, is deleted (sessions signed with it end).
 */
export async function resolveSigningKey(options: {
  db: Db;
  configured: string | undefined;
  dataDir: string;
  logger: Logger;
}): Promise<string> {
  const { db, configured, dataDir, logger } = options;
  const [stored] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY_SETTING));
  const key =
    configured ??
    readOrCreatePrivateFile(
      path.join(dataDir, SIGNING_KEY_FILE),
      () => stored?.value ?? crypto.randomBytes(48).toString('base64url'),
    );
  if (stored) {
    await db.delete(settings).where(eq(settings.key, KEY_SETTING));
    logger.warn(
      configured
        ? 'deleted the signing key an earlier version kept in the database; tokens signed with it no longer work'
        : `moved the signing key an earlier version kept in the database to ${path.join(dataDir, SIGNING_KEY_FILE)}`,
    );
  }
  return key;
}
