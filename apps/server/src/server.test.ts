import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, launch, serverDir, signIn, stop, TEST_JWT_SECRET, waitUntilHealthy } from './test/server-process.js';

const admin = { ADMIN_EMAIL: 'owner@example.test', ADMIN_PASSWORD: 'owner-password' };

/** Each of these starts the whole product once or twice from cold: seconds each on a busy machine. */
const COLD_STARTS = { timeout: 60_000 };

describe('the server process on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-process-'));
  const env = { ...admin, DATA_DIR: dataDir };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data across a restart and seeds the administrator once', COLD_STARTS, async () => {
    const first = launch(env, await freePort());
    await waitUntilHealthy(first);
    const { body } = await signIn(first.port, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
    const created = await fetch(`http://127.0.0.1:${first.port}/api/auth/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${body.token}` },
      body: JSON.stringify({ name: 'Kept Across Restarts', email: 'kept@example.test', password: 'kept-password' }),
    });
    expect(created.status).toBe(201);
    expect(await stop(first)).toBe(0);

    const second = launch(env, await freePort());
    await waitUntilHealthy(second);
    try {
      const again = await signIn(second.port, 'kept@example.test', 'kept-password');
      expect(again.status).toBe(200);
      const { token } = (await signIn(second.port, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)).body;
      const list = await fetch(`http://127.0.0.1:${second.port}/api/auth/users`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await list.json()) as { total: number }).total).toBe(2);
      // The token from the first run still works: the signing key and the session outlive the process.
      const old = await fetch(`http://127.0.0.1:${second.port}/api/auth/my-profile`, {
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(old.status).toBe(200);
    } finally {
      await stop(second);
    }
  });

  it('refuses to open a data directory another process holds', COLD_STARTS, async () => {
    const owner = launch(env, await freePort());
    await waitUntilHealthy(owner);
    try {
      const intruder = launch(env, await freePort());
      expect(await intruder.exited).toBe(1);
      expect(intruder.output()).toMatch(/is in use by process \d+/);
      // The owner is unharmed.
      const health = await fetch(`http://127.0.0.1:${owner.port}/readyz`);
      expect(health.status).toBe(200);
    } finally {
      await stop(owner);
    }
  });

  it('finishes a request in flight when told to stop with SIGTERM', async () => {
    const running = launch(env, await freePort());
    await waitUntilHealthy(running);
    const body = JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD });
    const answer = new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: running.port,
          path: '/api/auth/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text, connection: response.headers.connection }),
          );
        },
      );
      request.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight when it arrives.
      request.write(body.slice(0, 10));
      setTimeout(() => {
        running.child.kill('SIGTERM');
        setTimeout(() => request.end(body.slice(10)), 300);
      }, 200);
    });
    const { status, text, connection } = await answer;
    expect(status).toBe(200);
    // The client is told to drop the connection, so shutdown need not wait for it to idle out.
    expect(connection).toBe('close');
    expect(JSON.parse(text).token).toEqual(expect.any(String));
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain('finishing requests in flight');
  });

  it('stops at start-up naming every bad variable', async () => {
    const running = launch({ ...env, PORT: 'abc', SMTP_URL: 'http://mail' }, 0);
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/PORT/);
    expect(running.output()).toMatch(/SMTP_URL/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  const baseUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `community_test_${crypto.randomBytes(6).toString('hex')}`;
  const url = new URL(name, baseUrl.slice(0, baseUrl.lastIndexOf('/') + 1) || 'postgres://unused/');

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`create database "${name}"`);
    await client.end();
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  });

  it('start together: migrations and seeding happen once, and a token from one works on the other', async () => {
    const env = {
      ...admin,
      DATABASE_URL: url.toString(),
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pg-')),
    };
    const [a, b] = [launch(env, await freePort()), launch(env, await freePort())];
    try {
      await Promise.all([waitUntilHealthy(a), waitUntilHealthy(b)]);
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const migrations = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        const migrationFiles = fs
          .readdirSync(path.join(serverDir, 'src/db/migrations'))
          .filter((f) => f.endsWith('.sql'));
        expect(migrations.rows[0].n).toBe(migrationFiles.length);
        const roles = await client.query('select count(*)::int as n from roles');
        expect(roles.rows[0].n).toBe(3);
        const users = await client.query('select count(*)::int as n from users');
        expect(users.rows[0].n).toBe(1);
      } finally {
        await client.end();
      }
      const { token } = (await signIn(a.port, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD)).body;
      const onB = await fetch(`http://127.0.0.1:${b.port}/api/auth/users`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(onB.status).toBe(200);

      // B has just checked this token; a new password set through A ends it on B too, at once.
      const changed = await fetch(`http://127.0.0.1:${a.port}/api/auth/my-profile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Admin', password: 'a-new-password' }),
      });
      expect(changed.status).toBe(200);
      const changedAt = Date.now();
      let statusOnB = 200;
      while (statusOnB === 200 && Date.now() - changedAt < 5000) {
        statusOnB = (
          await fetch(`http://127.0.0.1:${b.port}/api/auth/users`, { headers: { authorization: `Bearer ${token}` } })
        ).status;
      }
      expect(statusOnB).toBe(401);
      expect(Date.now() - changedAt).toBeLessThan(1000);

      // A session ended on A (Logout) stops its token on B within a second too.
      const session = (await signIn(b.port, admin.ADMIN_EMAIL, 'a-new-password')).body.token;
      const usersOnB = () =>
        fetch(`http://127.0.0.1:${b.port}/api/auth/users`, { headers: { authorization: `Bearer ${session}` } });
      expect((await usersOnB()).status).toBe(200);
      const loggedOut = await fetch(`http://127.0.0.1:${a.port}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(loggedOut.status).toBe(200);
      const endedAt = Date.now();
      let sessionOnB = 200;
      while (sessionOnB === 200 && Date.now() - endedAt < 5000) sessionOnB = (await usersOnB()).status;
      expect(sessionOnB).toBe(401);
      expect(Date.now() - endedAt).toBeLessThan(1000);
    } finally {
      await Promise.all([stop(a), stop(b)]);
    }
  });
});
