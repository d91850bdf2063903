// Two product instances against one PostgreSQL and one Redis, as production runs them: a simultaneous
// first start on an empty database, tokens and rate limits shared, the feed job run by one
// instance at a time, and a load split across both. `npm run bench:scale` creates and drops a
// scratch database on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/test) and
// uses REDIS_URL (default redis://127.0.0.1:6379). `-- --quick` skips the one-minute wait for the
// feed's next interval; `-- --seconds 5` shortens the load. Exits 1 when a check fails.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { root, startProduct } from '../lib/server.mjs';

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, seconds: { type: 'string', default: '10' } },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = 50;
const MINUTE = 60_000;
// With --quick the interval is long enough never to fire during the run.
const FEED_MINUTES = values.quick ? 10 : 1;
const CHANNEL = 'scale_bench';
const runId = crypto.randomBytes(4).toString('hex');
const ADMIN = { email: `admin-${runId}@scale.test`, password: 'scale-password' };
// Behind a balancer the client address comes from X-Forwarded-For. A per-run address keeps this
// run's failed sign-ins off the per-IP counter that every run on this Redis shares.
const CLIENT_IP = `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** Builds the server and its shared package when a source is newer than their last build. */
function buildIfStale() {
  const stale = ['packages/shared', 'apps/server'].some((project) => {
    const dir = path.join(root, project);
    const built = mtime(path.join(dir, 'tsconfig.tsbuildinfo'));
    return fs
      .readdirSync(path.join(dir, 'src'), { withFileTypes: true, recursive: true })
      .some(
        (entry) =>
          entry.isFile() &&
          /(?<!\.test)\.ts$/.test(entry.name) &&
          mtime(path.join(entry.parentPath, entry.name)) > built,
      );
  });
  if (!stale && mtime(path.join(root, 'apps/server/dist/server.js'))) return;
  execFileSync('npm', ['run', 'build', '-w', 'packages/shared', '-w', 'apps/server', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Serves the channel fixture at /s/<channel> and counts the reads. */
async function startChannel() {
  const page = fs.readFileSync(path.join(root, 'apps/server/src/features/feed/fixtures/channel-page.html'));
  const channel = { reads: 0 };
  const server = http.createServer((request, response) => {
    if (request.url !== `/s/${CHANNEL}`) return response.writeHead(404).end();
    channel.reads += 1;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  channel.url = `http://127.0.0.1:${server.address().port}`;
  channel.close = () => new Promise((resolve) => server.close(resolve));
  return channel;
}

async function call(base, route, { method = 'GET', body, token } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      'x-forwarded-for': CLIENT_IP,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

function load(base, token) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS / 2,
        duration: SECONDS,
        requests: [
          { method: 'GET', path: '/api/auth/users?page=1&limit=25', headers: { authorization: `Bearer ${token}` } },
          { method: 'GET', path: '/api/telegram-data' },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Clients spread over both instances and retry a refused or 5xx request once on the other one,
 * as a balancer does, while `stopB` sends B a SIGTERM part-way through.
 */
async function failover(a, b, stopB, ms = 4000) {
  const started = Date.now();
  const stats = { sent: 0, retried: 0, lost: 0, servedAfterStop: 0 };
  let stoppedAt;
  const answered = async (base) => {
    try {
      const response = await fetch(`${base}/api/telegram-data`);
      await response.arrayBuffer();
      return response.status < 500;
    } catch {
      return false;
    }
  };
  const client = async (turn) => {
    while (Date.now() - started < ms) {
      const [first, second] = turn++ % 2 ? [b.url, a.url] : [a.url, b.url];
      stats.sent += 1;
      let served = await answered(first);
      if (!served) {
        stats.retried += 1;
        served = await answered(second);
      }
      if (!served) stats.lost += 1;
      else if (stoppedAt) stats.servedAfterStop += 1;
    }
  };
  const stopping = wait(ms / 3).then(async () => {
    const signalled = Date.now();
    await stopB();
    stoppedAt = Date.now();
    stats.exitMs = stoppedAt - signalled;
  });
  await Promise.all([...Array.from({ length: 20 }, (_, i) => client(i)), stopping]);
  return stats;
}

const checks = [];
async function check(name, work) {
  try {
    const { ok, figures } = await work();
    checks.push({ check: name, result: ok ? 'pass' : 'FAIL', figures });
  } catch (error) {
    checks.push({ check: name, result: 'FAIL', figures: error.message });
  }
}

buildIfStale();
const { RATE_LIMITS } = await import(path.join(root, 'apps/server/dist/lib/rate-limits.js'));
const ACCOUNT_LIMIT = RATE_LIMITS.loginFailuresPerAccount.limit;
const begun = Date.now();
const dbName = `scale_${runId}`;
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).href;
await withClient(serverUrl, (client) => client.query(`create database "${dbName}"`));
const channel = await startChannel();
const running = new Map();
const results = { load: {} };

try {
  const env = {
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '127.0.0.1',
    TELEGRAM_CHANNEL: CHANNEL,
    TELEGRAM_BASE_URL: channel.url,
    FEED_REFRESH_MINUTES: String(FEED_MINUTES),
  };
  const spawnedAt = Date.now();
  const readyIn = {};
  const starts = await Promise.allSettled(
    ['A', 'B'].map(async (label) => {
      const instance = await startProduct(env);
      readyIn[label] = Date.now() - spawnedAt;
      running.set(label, instance);
      return instance;
    }),
  );
  const refused = starts.find((start) => start.status === 'rejected');
  if (refused) throw new Error(`an instance did not start: ${refused.reason.message}`);
  const [a, b] = starts.map((start) => start.value);
  // Each instance's feed timer starts before it answers /healthz, so both tick by then + one interval.
  const bothUp = Date.now();

  await check('simultaneous first start', async () => {
    const ready = await Promise.all([a, b].map((instance) => fetch(`${instance.url}/readyz`)));
    const journal = JSON.parse(
      fs.readFileSync(path.join(root, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'),
    );
    const db = await withClient(dbUrl, async (client) => {
      const one = async (sql) => Number((await client.query(sql)).rows[0].n);
      return {
        migrations: await one('select count(*) as n from drizzle.__drizzle_migrations'),
        distinct: await one('select count(distinct hash) as n from drizzle.__drizzle_migrations'),
        roles: await one('select count(*) as n from roles'),
        users: await one('select count(*) as n from users'),
      };
    });
    const expected = journal.entries.length;
    return {
      ok:
        ready.every((response) => response.status === 200) &&
        db.migrations === expected &&
        db.distinct === expected &&
        db.roles === 3 &&
        db.users === 1,
      figures:
        `/readyz ${ready.map((response) => response.status).join('/')} after ${readyIn.A}/${readyIn.B} ms; ` +
        `${db.migrations} migration rows for ${expected} migrations; ${db.roles} roles, ${db.users} user`,
    };
  });

  let token;
  await check('token from A accepted by B', async () => {
    const login = await call(a.url, '/api/auth/login', { method: 'POST', body: ADMIN });
    token = login.body?.token;
    const onB = await call(b.url, '/api/auth/my-profile', { token });
    const changed = await call(b.url, '/api/auth/my-profile', {
      method: 'POST',
      token,
      body: { name: 'Administrator', password: 'scale-password-2' },
    });
    const oldOnA = await call(a.url, '/api/auth/my-profile', { token });
    token = changed.body?.token;
    const newOnA = await call(a.url, '/api/auth/my-profile', { token });
    return {
      ok:
        login.status === 200 &&
        onB.status === 200 &&
        changed.status === 200 &&
        oldOnA.status === 401 &&
        newOnA.status === 200,
      figures:
        `sign-in on A ${login.status}, my-profile on B ${onB.status}; password changed on B ${changed.status}: ` +
        `old token on A ${oldOnA.status}, new token on A ${newOnA.status}`,
    };
  });

  await check('sign-in failures counted across both', async () => {
    const body = { email: `nobody-${runId}@scale.test`, password: 'wrong-password' };
    const statuses = [];
    for (let attempt = 0; attempt < ACCOUNT_LIMIT + 2; attempt++) {
      statuses.push((await call(attempt % 2 ? b.url : a.url, '/api/auth/login', { method: 'POST', body })).status);
    }
    const refusedAt = statuses.indexOf(429) + 1;
    return {
      ok:
        statuses.slice(0, ACCOUNT_LIMIT).every((status) => status === 401) &&
        statuses.slice(ACCOUNT_LIMIT).every((status) => status === 429),
      figures: `limit ${ACCOUNT_LIMIT} per account; first 429 at attempt ${refusedAt || 'none'} (A, B alternately): ${statuses.join(' ')}`,
    };
  });

  await check(`load over both, ${CONNECTIONS} connections`, async () => {
    if (!token) throw new Error('no admin token');
    const [onA, onB] = await Promise.all([load(a.url, token), load(b.url, token)]);
    const sum = (field) => onA[field] + onB[field];
    results.load = {
      rpsA: Math.round(onA.requests.average),
      rpsB: Math.round(onB.requests.average),
      requests: sum('2xx') + sum('non2xx'),
      errors: sum('errors'),
      timeouts: sum('timeouts'),
      non2xx: sum('non2xx'),
      p99: Math.max(onA.latency.p99, onB.latency.p99),
    };
    const { rpsA, rpsB, requests, errors, timeouts, non2xx, p99 } = results.load;
    return {
      ok: errors + timeouts + non2xx === 0 && rpsA > 0 && rpsB > 0,
      figures:
        `${rpsA} + ${rpsB} = ${rpsA + rpsB} req/s over ${SECONDS} s (${requests} requests, p99 ${p99} ms); ` +
        `${errors} errors, ${timeouts} timeouts, ${non2xx} non-2xx`,
    };
  });

  await check('feed read once at start-up', async () => {
    const startupReads = channel.reads;
    // A read counted later than this could come from an interval, not from the start-up.
    const inTime = Date.now() - spawnedAt < FEED_MINUTES * MINUTE;
    const posts = await Promise.all([a, b].map((instance) => call(instance.url, '/api/telegram-data')));
    results.startupReads = startupReads;
    return {
      ok: inTime && startupReads === 1 && posts.every(({ body }) => body?.length > 0),
      figures:
        `${startupReads} channel read for 2 instances${inTime ? '' : ' (counted too late to tell)'}; ` +
        `posts served by A/B ${posts.map(({ body }) => body?.length ?? 0).join('/')}`,
    };
  });

  if (!values.quick) {
    await check('feed read once per interval', async () => {
      const before = channel.reads;
      // Both timers have fired once by then; their next turn is an interval later.
      const deadline = bothUp + FEED_MINUTES * MINUTE + 10_000;
      while (Date.now() < deadline && channel.reads - before < 2) await wait(250);
      const reads = channel.reads - before;
      return { ok: reads === 1, figures: `${reads} channel read in the ${FEED_MINUTES}-minute interval` };
    });
  }

  await check('SIGTERM to B under load', async () => {
    const stats = await failover(a, b, async () => {
      running.delete('B');
      await b.stop();
    });
    return {
      ok: stats.lost === 0 && stats.servedAfterStop > 0,
      figures:
        `${stats.sent} requests, ${stats.retried} retried on A, ${stats.lost} lost; ` +
        `B exited ${stats.exitMs} ms after SIGTERM, A answered ${stats.servedAfterStop} since`,
    };
  });
} catch (error) {
  checks.push({ check: 'run', result: 'FAIL', figures: error.message });
} finally {
  await Promise.all([...running.values()].map((instance) => instance.stop()));
  await channel.close();
  await withClient(serverUrl, (client) => client.query(`drop database if exists "${dbName}" with (force)`));
}

const seconds = Math.round((Date.now() - begun) / 1000);
console.log('\n| check | result | figures |\n| --- | --- | --- |');
for (const row of checks) console.log(`| ${row.check} | ${row.result} | ${row.figures} |`);
console.log(`\n${seconds} s`);
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'scale.json'),
  `${JSON.stringify({ date: new Date().toISOString(), quick: values.quick, connections: CONNECTIONS, seconds: SECONDS, runSeconds: seconds, checks, ...results }, null, 2)}\n`,
);
if (checks.some((row) => row.result !== 'pass')) process.exit(1);
