import crypto from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import type { Database } from '../db/client.js';
import { createPgliteDatabase } from '../db/pglite.js';
import { createPostgresDatabase } from '../db/postgres.js';
import { TEMPLATE_DATABASE } from './global-setup.js';

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/** A fresh, migrated database for one test file: a PostgreSQL copy of the template, or an in-memory PGlite
 * started from the migrated dump. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await createPgliteDatabase({ template: inject('pgliteTemplate') });
    return { database, drop: () => database.close() };
  }
  const name = `community_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two workers copying the template at the same moment can collide (55006): try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = createPostgresDatabase(dbUrl.toString(), pino({ level: 'silent' }));
  return {
    database,
    url: dbUrl.toString(),
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
