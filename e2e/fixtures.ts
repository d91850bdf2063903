import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { GOOGLE_TEST_CLIENT_ID, startGoogleKeys } from '../apps/server/src/test/google-keys';
import { startSmtpCapture } from '../apps/server/src/test/smtp-capture';

const root = path.resolve(import.meta.dirname, '..');
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password', name: 'Administrator' };
/** The administrator of a database filled by `seedUsers`: the benchmarks' seed makes it. */
export { ADMIN as BENCH_ADMIN } from '../bench/lib/data-set.mjs';

type RunningApp = {
  baseURL: string;
  channel: { url: string; close(): Promise<void> };
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  google: GoogleStandIn;
  /** What the server has written since the current test began. */
  log: { text(): string; clear(): void };
};

type GoogleStandIn = Awaited<ReturnType<typeof startGoogleKeys>> & {
  /** The ID token the stand-in's button hands over on its next click. */
  nextCredential?: string;
};

/**
 * Google's sign-in script, replaced: a button that passes the page the credential the test
 * signed with the local key set, as Google's script passes the one Google signed.
 */
const standInScript = (credential: string | undefined) => `
window.google = { accounts: { id: {
  initialize(options) { window.__googleOptions = options; },
  renderButton(element) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = () => window.__googleOptions.callback({ credential: ${JSON.stringify(credential ?? '')} });
    element.append(button);
  },
} } };`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A first start creates and migrates its database: a minute on a slow, busy machine. */
const START_LIMIT_MS = 60_000;

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  for (const deadline = Date.now() + START_LIMIT_MS; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy: ${output()}`);
}

/**
 * One real server per worker, on its own embedded database, sending mail to an in-process SMTP server.
 * `host` is the name the browser uses for it, and so its PUBLIC_URL: WebAuthn refuses a bare IP
 * address, so a file with passkeys says `test.use({ host: 'localhost' })` and gets a worker of its
 * own. The server listens on 127.0.0.1 either way; Chromium resolves localhost to the loopback.
 */
export const test = base.extend<
  { serverLog: void },
  { app: RunningApp; host: string; serverEnv: Record<string, string>; seedUsers: number }
>({
  host: ['127.0.0.1', { scope: 'worker', option: true }],
  /** More environment for the server, e.g. a policy a file tests (also a worker of its own). */
  serverEnv: [{}, { scope: 'worker', option: true }],
  /**
   * Members to fill the database with before the server starts, through the benchmarks' seed (its
   * administrator is BENCH_ADMIN); a file that sets it gets a worker of its own.
   */
  seedUsers: [0, { scope: 'worker', option: true }],
  app: [
    async ({ host, serverEnv, seedUsers }, use) => {
      const smtp = await startSmtpCapture();
      const google: GoogleStandIn = await startGoogleKeys();
      const channel = await startChannelPage();
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'community-e2e-'));
      const baseURL = `http://${host}:${port}`;
      if (seedUsers > 0) {
        const { DATABASE_URL: _elsewhere, ...env } = process.env;
        execFileSync(
          process.execPath,
          ['bench/seed/run.mjs', '--users', String(seedUsers), '--audit', '0', '--built', '--data-dir', dataDir],
          { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
        );
      }
      const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          PUBLIC_URL: baseURL,
          SMTP_URL: smtp.url,
          GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
          GOOGLE_JWKS_URL: google.jwksUrl,
          TELEGRAM_CHANNEL: 'community_test',
          TELEGRAM_BASE_URL: channel.url,
          // Every request with its status and time: a failed test shows the server's side of it.
          LOG_LEVEL: 'info',
          ...serverEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const stop = async () => {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        await smtp.close();
        await google.close();
        await channel.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
      try {
        await waitForHealth(`http://127.0.0.1:${port}`, child, () => output);
      } catch (error) {
        // A server that never came up is stopped too, not left running after its tests.
        await stop();
        throw error;
      }
      const log = { text: () => output, clear: () => void (output = '') };
      await use({ baseURL, smtp, google, channel, log });
      await stop();
    },
    // A seeded database takes a while to fill.
    { scope: 'worker', timeout: 600_000 },
  ],
  baseURL: async ({ app }, use) => use(app.baseURL),
  /** A test that fails carries what its server logged meanwhile: requests, answers, errors. */
  serverLog: [
    async ({ app }, use, testInfo) => {
      app.log.clear();
      await use();
      if (testInfo.status !== testInfo.expectedStatus)
        process.stderr.write(`server log of "${testInfo.title}":\n${readableLog(app.log.text())}\n`);
    },
    { auto: true },
  ],
  // No page ever reaches Google: its script is answered here.
  context: async ({ context, app }, use) => {
    await standInForGoogle(context, app.google);
    await use(context);
  },
});

export { expect };

/**
 * pino's lines, one short line each: when, the request, its answer and time, or the message.
 * Requests for the build's assets are left out.
 */
function readableLog(output: string): string {
  const assets = new Set<string>();
  return output
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        const { time, level, reqId, req, res, responseTime, msg, err } = JSON.parse(line) as {
          time: number;
          level: number;
          reqId?: string;
          req?: { method: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
          msg: string;
          err?: { message: string };
        };
        if (reqId && (assets.has(reqId) || req?.url.startsWith('/assets/'))) {
          assets.add(reqId);
          return [];
        }
        const what = req
          ? `${req.method} ${req.url}`
          : res
            ? `${res.statusCode} in ${Math.round(responseTime ?? 0)} ms`
            : `${level >= 40 ? 'WARN+ ' : ''}${msg}${err ? `: ${err.message}` : ''}`;
        return [`  ${new Date(time).toISOString().slice(11, 23)} ${reqId ?? ''} ${what}`];
      } catch {
        return [`  ${line}`];
      }
    })
    .join('\n');
}

/** A 1×1 PNG for pictures that would come from elsewhere. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/**
 * Every page of `context` stays on this machine: Google's script is the stand-in, the calendar
 * embed and the feed's pictures are answered locally.
 */
export async function standInForGoogle(context: BrowserContext, google: GoogleStandIn) {
  await context.route('https://accounts.google.com/**', (route) =>
    route.request().url().startsWith('https://accounts.google.com/gsi/client')
      ? route.fulfill({ contentType: 'text/javascript', body: standInScript(google.nextCredential) })
      : route.abort(),
  );
  await context.route('https://calendar.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Calendar</title><p>Agenda</p>' }),
  );
  await context.route('https://cdn4.telesco.pe/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: PIXEL }),
  );
}

/** Stands in for t.me: the saved channel page the API tests parse, at /s/community_test. */
async function startChannelPage() {
  const page = fs.readFileSync(path.join(root, 'apps/server/src/features/feed/fixtures/channel-page.html'));
  const server = http.createServer((request, response) => {
    if (request.url !== '/s/community_test') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the API answers a password sign-in: a token, or the second step still to go. */
export async function signInThroughApi(baseURL: string, email: string, password: string) {
  return callApi<{ token?: string } & Record<string, unknown>>(baseURL, null, 'POST', '/api/auth/login', {
    email,
    password,
  });
}

/** A token of whoever signs in with these, through the API. */
export async function tokenOf(baseURL: string, email: string, password: string): Promise<string> {
  const { token } = await signInThroughApi(baseURL, email, password);
  if (!token) throw new Error(`sign-in of ${email}: a second step is asked`);
  return token;
}

/** One API call, with a token or none; its answer, or an error naming the call and what it answered. */
export async function callApi<T = unknown>(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Creates a member through the API as the administrator, for tests that need one; the member as answered. */
export async function createMember(baseURL: string, overrides: { email: string; password?: string; name?: string }) {
  const token = await tokenOf(baseURL, ADMIN.email, ADMIN.password);
  return callApi<{ _id: string }>(baseURL, token, 'POST', '/api/auth/users', {
    name: overrides.name ?? 'E2E Member',
    password: overrides.password ?? 'member-password',
    email: overrides.email,
  });
}

/** Gives a user the seeded role of this type (`user`, `admin`), as the administrator. */
export async function giveSeededRole(baseURL: string, userId: string, type: string) {
  const token = await tokenOf(baseURL, ADMIN.email, ADMIN.password);
  const roles = await callApi<{ data: { _id: string; type: string }[] }>(
    baseURL,
    token,
    'GET',
    '/api/auth/roles?limit=100',
  );
  const role = roles.data.find((candidate) => candidate.type === type);
  if (!role) throw new Error(`no seeded role of type ${type}`);
  await callApi(baseURL, token, 'POST', '/api/auth/user-roles', { user: userId, role: role._id });
}
