import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.js';
import { settings } from '../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { SIGNING_KEY_FILE, resolveSigningKey } from './signing-key.js';

const logger = pino({ level: 'silent' });
let testDb: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-key-'));
});
afterEach(async () => {
  await testDb.database.db.delete(settings).where(eq(settings.key, 'jwt_secret'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const resolve = (configured?: string) => resolveSigningKey({ db: testDb.database.db, configured, dataDir, logger });
const storedKey = async () =>
  (await testDb.database.db.select().from(settings).where(eq(settings.key, 'jwt_secret')))[0]?.value;
const keyFile = () => path.join(dataDir, SIGNING_KEY_FILE);

describe('the token signing key', () => {
  it('M3: is generated once into a file only this user reads, never into the database', async () => {
    const key = await resolve();
    expect(key.length).toBeGreaterThanOrEqual(64);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(await storedKey()).toBeUndefined();
    expect(await resolve()).toBe(key);
  });

  it('M3: an earlier version’s key in the database moves into the file, so signed-in people stay signed in', async () => {
    const earlier = 'a-key-an-earlier-version-kept-in-the-database-0123456789';
    await testDb.database.db.insert(settings).values({ key: 'jwt_secret', value: earlier });
    expect(await resolve()).toBe(earlier);
    expect(fs.readFileSync(keyFile(), 'utf8')).toBe(earlier);
    expect(await storedKey()).toBeUndefined();
  });

  it('M3: with JWT_SECRET set, the key kept in the database is deleted and no file is written', async () => {
    await testDb.database.db.insert(settings).values({ key: 'jwt_secret', value: 'old-key-'.repeat(8) });
    const configured = 'the-operators-key-of-at-least-32-characters';
    expect(await resolve(configured)).toBe(configured);
    expect(await storedKey()).toBeUndefined();
    expect(fs.existsSync(keyFile())).toBe(false);
  });

  it('M3: JWT_SECRET is required with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example/community' })).toThrow(/JWT_SECRET: required/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/c', JWT_SECRET: 'k'.repeat(32) }).jwtSecret).toBe(
      'k'.repeat(32),
    );
  });
});
