import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { createPostgresDatabase } from '../db/postgres.js';
import pino from 'pino';
import { serverDir } from './server-process.js';

export const TEMPLATE_DATABASE = 'community_test_template';

/**
 * With TEST_DATABASE_URL set, the suite runs on PostgreSQL: migrations are applied once to a
 * template database, and every test file copies it (CREATE DATABASE ... TEMPLATE), which takes
 * milliseconds. Without it every file opens its own embedded PGlite.
 */
export async function setup() {
  // Process tests run the compiled server, as `npm start` does; built once for every worker.
  execFileSync('npx', ['tsc', '-b'], { cwd: serverDir, stdio: 'inherit' });
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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

export async function teardown() {
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
