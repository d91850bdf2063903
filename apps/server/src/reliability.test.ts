import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './test/test-database.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer } from './test/test-server.js';
import {
  freePort,
  launch,
  signIn,
  stop,
  waitUntilHealthy,
  TEST_JWT_SECRET,
  type Running,
} from './test/server-process.js';

const admin = { ADMIN_EMAIL: 'owner@example.test', ADMIN_PASSWORD: 'owner-password' };
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-reliability-'));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<Running> {
  const running = launch({ ...admin, ...env }, await freePort());
  await waitUntilHealthy(running);
  return running;
}

/** A role with a permission link: two rows written in one transaction, so half of it would show. */
async function createRole(port: number, token: string, name: string, permissionId: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/roles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, description: 'written under load', permission: [permissionId] }),
  });
  if (response.status !== 201) throw new Error(`role not created: ${response.status}`);
  return ((await response.json()) as { _id: string })._id;
}

async function firstPermissionId(port: number, token: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/permissions?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { _id: string }[] }).data[0]!._id;
}

const engines = [
  { engine: 'the embedded database', isAvailable: true, env: async () => ({ DATA_DIR: dataDir() }) },
  {
    engine: 'PostgreSQL',
    isAvailable: Boolean(process.env.TEST_DATABASE_URL),
    env: async () => {
      const test = await createTestDatabase();
      drops.push(test.drop);
      return { DATA_DIR: dataDir(), DATABASE_URL: test.url!, JWT_SECRET: TEST_JWT_SECRET };
    },
  },
];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe.each(engines.filter((engine) => engine.isAvailable))(
  'kill -9 under a write load, on $engine',
  ({ env: makeEnv }) => {
    it('keeps every acknowledged write whole after a restart', async () => {
      const env = await makeEnv();
      let running = await start(env);
      const { body } = await signIn(running.port, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
      const permissionId = await firstPermissionId(running.port, body.token);

      // Four writers, each logging every write the server acknowledged, until the process dies.
      const acknowledged: string[] = [];
      let isRunning = true;
      const writer = async (lane: number) => {
        for (let i = 0; isRunning; i++) {
          try {
            acknowledged.push(await createRole(running.port, body.token, `load ${lane}-${i}`, permissionId));
          } catch {
            return;
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
      running.child.kill('SIGKILL');
      isRunning = false;
      await running.exited;
      await Promise.all(writers);

      running = await start(env);
      try {
        const { body: again } = await signIn(running.port, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
        for (const id of acknowledged) {
          const response = await fetch(`http://127.0.0.1:${running.port}/api/auth/roles/${id}`, {
            headers: { authorization: `Bearer ${again.token}` },
          });
          expect(response.status, `role ${id}`).toBe(200);
          const role = (await response.json()) as { permission: string[] };
          expect(role.permission, `role ${id} lost its permission link`).toEqual([permissionId]);
        }
        // Nothing half-written: every role the database holds has its link, acknowledged or not.
        const list = await fetch(`http://127.0.0.1:${running.port}/api/auth/roles?q=load&limit=1000`, {
          headers: { authorization: `Bearer ${again.token}` },
        });
        const roles = ((await list.json()) as { data: { _id: string; permission: unknown[] }[] }).data;
        expect(roles.length).toBeGreaterThanOrEqual(acknowledged.length);
        expect(roles.filter((role) => role.permission.length !== 1)).toEqual([]);
      } finally {
        await stop(running);
      }
    }, 120_000);
  },
);

/** A sign-in sent whole over its own connection; resolves once the request has left. */
function sendSignIn(port: number) {
  const body = JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD });
  let onSent!: () => void;
  const sent = new Promise<void>((resolve) => (onSent = resolve));
  const answered = new Promise<number | string>((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/auth/login',
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', (error) => resolve(`lost: ${error.message}`));
    request.end(body, onSent);
  });
  return { sent, answered };
}

describe('SIGTERM under load', () => {
  it('answers every request already in flight before the process exits', async () => {
    const running = await start({ DATA_DIR: dataDir() });
    // Sign-ins take tens of milliseconds each (argon2id): a queue of them is in flight at once.
    const requests = Array.from({ length: 30 }, () => sendSignIn(running.port));
    await Promise.all(requests.map((request) => request.sent));
    // In flight means received: the server logs each request as it takes it. (A request still
    // in the kernel's queue when the signal comes is refused, as a load balancer expects.)
    const received = () =>
      running
        .output()
        .split('\n')
        .filter((line) => line.includes('"incoming request"')).length;
    await expect.poll(received, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(30);
    running.child.kill('SIGTERM');
    const statuses = await Promise.all(requests.map((request) => request.answered));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await running.exited).toBe(0);
  }, 60_000);
});

describe('with SMTP and Redis unreachable', () => {
  it('keeps signing in and answering, and the log says what failed', async () => {
    const server = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const login = await server.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(login.status).toBe(200);
      const forgot = await server.post('/api/auth/forgot-password', { email: ADMIN_EMAIL });
      expect(forgot.status).toBe(200);
      await expect
        .poll(() => server.logs.find((line) => line.kind === 'passwordReset'), { timeout: 15_000 })
        .toMatchObject({ msg: 'mail not sent; it is tried again', attempts: 1 });
      expect(server.logs.some((line) => /redis/i.test(String(line.msg)))).toBe(true);
    } finally {
      await server.close();
    }
  }, 30_000);
});

/** Debian's cluster tools can give a test a PostgreSQL server of its own to stop and start. */
const postgresVersion = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql')[0] : undefined;
const canRunOwnCluster =
  Boolean(process.env.TEST_DATABASE_URL) && postgresVersion !== undefined && fs.existsSync('/usr/bin/pg_createcluster');

describe.runIf(canRunOwnCluster)('PostgreSQL stopped and started while the server serves', () => {
  const cluster = `community_reltest_${process.pid}`;
  const ctl = (action: string) =>
    execFileSync('pg_ctlcluster', [
      '--skip-systemctl-redirect',
      postgresVersion!,
      cluster,
      action,
      ...(action === 'stop' ? ['-m', 'fast'] : []),
    ]);
  afterAll(() => {
    execFileSync('pg_dropcluster', ['--stop', postgresVersion!, cluster], { stdio: 'ignore' });
  });

  it('answers 503 at once while it is down, and recovers without a restart', async () => {
    const port = await freePort();
    execFileSync('pg_createcluster', [postgresVersion!, cluster, '-p', String(port), '--', '--auth=trust'], {
      stdio: 'ignore',
    });
    ctl('start');
    const running = await start({
      DATA_DIR: dataDir(),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      JWT_SECRET: TEST_JWT_SECRET,
    });
    try {
      const { body } = await signIn(running.port, admin.ADMIN_EMAIL, admin.ADMIN_PASSWORD);
      const users = async () => {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${running.port}/api/auth/users`, {
          headers: { authorization: `Bearer ${body.token}` },
        });
        return { status: response.status, ms: performance.now() - started, body: await response.json() };
      };
      expect((await users()).status).toBe(200);

      ctl('stop');
      const down = await users();
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: 'The service is temporarily unavailable. Please try again shortly.' });
      expect(down.ms).toBeLessThan(2000);
      expect((await fetch(`http://127.0.0.1:${running.port}/readyz`)).status).toBe(503);

      ctl('start');
      await expect.poll(async () => (await users()).status, { timeout: 20_000, interval: 200 }).toBe(200);
      expect(running.child.exitCode).toBeNull();
    } finally {
      await stop(running);
    }
  }, 90_000);
});
