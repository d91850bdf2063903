import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import type { Db } from '../db/client.js';
import { applyMigrations } from '../db/migrate.js';
import { openPglite } from '../db/pglite-engine.js';
import { createPostgresDatabase } from '../db/postgres.js';
import * as schema from '../db/schema.js';
import { serverDir } from './server-process.js';

export const TEMPLATE_DATABASE = 'community_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump of a migrated embedded database that each test file's PGlite starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Migrations are applied once, to a template every test file copies. With TEST_DATABASE_URL set,
 * the suite runs on PostgreSQL and the template is a database (CREATE DATABASE ... TEMPLATE takes
 * milliseconds); without it, the dump of an embedded one, which a file opens in 0.4 s instead of
 * creating and migrating a cluster in 3.5.
 */
export async function setup(project: TestProject) {
  // Process tests run the compiled server, as `npm start` does; built once for every worker.
  execFileSync('npx', ['tsc', '-b'], { cwd: serverDir, stdio: 'inherit' });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('pgliteTemplate', await dumpMigratedPglite());
    return;
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'community_test_%'",
    );
    for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const database = createPostgresDatabase(templateUrl.toString(), pino({ level: 'silent' }));
  await database.migrate();
  await database.close();
}

/** Where the embedded template's dump is written; removed at teardown. */
let templateDir: string | undefined;

async function dumpMigratedPglite(): Promise<string> {
  const pglite = await openPglite();
  await applyMigrations(drizzle({ client: pglite, schema }) as unknown as Db);
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-test-template-'));
  const file = path.join(templateDir, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

export async function teardown() {
  if (templateDir) fs.rmSync(templateDir, { recursive: true, force: true });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const left = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'community_test_%'",
    );
    for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
