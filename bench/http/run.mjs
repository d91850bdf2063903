// HTTP scenarios against the product with the benchmark data set, each beside a bare Fastify
// "hello" route measured in the same run (50 connections, 3 s warm-up, 10 s measured).
// `npm run bench:http` runs PGlite (seeding ./bench-data first if it is empty) and, with
// DATABASE_URL, PostgreSQL too (its pool DATABASE_POOL_SIZE when set). `-- --seconds 5` for a quicker look, `-- --only locales` for some,
// `-- --engine postgres --out 1m` against another data set (BENCH_DATA_DIR for PGlite).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { ADMIN, RARE_GREEK, RARE_LATIN, SIGNING_KEY, canSignIn, memberEmail } from '../lib/data-set.mjs';
import { bareRssMb, root, startProduct } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    only: { type: 'string' },
    // 'pglite' or 'postgres' alone; both by default (PostgreSQL only with DATABASE_URL).
    engine: { type: 'string' },
    // Names the results file (bench/results/http-<out>.json), e.g. for the 10k and 1M data sets.
    out: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const CONNECTIONS = 50;
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(root, 'bench-data');

function load(url, options = {}, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** Warm-up, then the measured run. */
async function measure(url, options) {
  if (WARMUP > 0) await load(url, options, WARMUP);
  const result = await load(url, options);
  const non2xx = result.non2xx - (options.expect304 ? (result['3xx'] ?? 0) : 0);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + Math.max(0, non2xx),
  };
}

async function startHello() {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${app.server.address().port}/`, close: () => app.close() };
}

async function json(url, options = {}) {
  const response = await fetch(url, options);
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
}

/** The id of a published event a month ahead, made the first time the data set is measured. */
async function publishedEvent(base, auth) {
  const listed = await json(`${base}/api/events`);
  if (listed.body?.data?.length) return listed.body.data[0]._id;
  const day = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const created = await json(`${base}/api/auth/events`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Γενική συνέλευση',
      startsLocal: `${day}T19:00`,
      endsLocal: `${day}T21:00`,
      place: 'Πλατεία Κυψέλης',
      description: 'Η μηνιαία συνέλευση της γειτονιάς.\nΌλοι ευπρόσδεκτοι.',
      capacity: 100,
      rsvpEnabled: true,
    }),
  });
  if (created.status !== 201) throw new Error(`event creation failed: ${created.status}`);
  const published = await json(`${base}/api/auth/events/${created.body._id}/publish`, {
    method: 'POST',
    headers: auth,
  });
  if (published.status !== 200) throw new Error(`event publication failed: ${published.status}`);
  return created.body._id;
}

async function scenarios(base) {
  const login = await json(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status}`);
  const auth = { authorization: `Bearer ${login.body.token}` };
  const users = await json(`${base}/api/auth/users?limit=25`, { headers: auth });
  const notifications = await json(`${base}/api/auth/notifications?page=1&limit=10&unread=1`, { headers: auth });
  const locales = await fetch(`${base}/locales/el/translations.json`);
  // The first hundred members, each the actor of ~180 audit entries (bench/seed).
  const firstMembers = (await json(`${base}/api/auth/users?page=1&limit=100`, { headers: auth })).body.data;
  const auditLog = (filters) => `${base}/api/auth/audit-log?limit=25${filters}`;
  const members = [];
  for (let i = 1; members.length < 2000; i++) if (canSignIn(i)) members.push(i);
  const signInBodies = members.map((i) => JSON.stringify({ email: memberEmail(i), password: ADMIN.password }));
  let signIns = 0;
  const search = (term) => `${base}/api/auth/users?q=${encodeURIComponent(term)}&limit=25`;
  const event = await publishedEvent(base, auth);
  return [
    {
      name: 'sign-in (argon2id), 2,000 members in turn',
      url: `${base}/api/auth/login`,
      options: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          { setupRequest: (request) => ({ ...request, body: signInBodies[signIns++ % signInBodies.length] }) },
        ],
      },
    },
    { name: 'users, page 1', url: `${base}/api/auth/users?page=1&limit=25`, options: { headers: auth } },
    { name: 'users, search "nikos" (10% of rows)', url: search('nikos'), options: { headers: auth } },
    { name: `users, search rare Latin "${RARE_LATIN}"`, url: search(RARE_LATIN), options: { headers: auth } },
    { name: `users, search rare Greek "${RARE_GREEK}"`, url: search(RARE_GREEK), options: { headers: auth } },
    {
      // Nothing repeats, so nothing is answered from memory: what the database itself costs.
      name: 'users, search a new email each request (10 connections)',
      url: search('member1@'),
      options: {
        connections: 10,
        headers: auth,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/auth/users?q=${encodeURIComponent(`member${1 + Math.floor(Math.random() * 99_999)}@`)}&limit=25`,
            }),
          },
        ],
      },
    },
    {
      name: 'users, page 1000',
      url: `${base}/api/auth/users?page=1000&limit=25`,
      options: { headers: auth },
      skip: users.body.total < 25_000,
    },
    { name: 'audit log, page 1', url: auditLog(''), options: { headers: auth } },
    { name: 'audit log, by action prefix "auth."', url: auditLog('&action=auth.'), options: { headers: auth } },
    {
      name: 'audit log, by the administrator (1 in 10 entries)',
      url: auditLog(`&actor=${login.body.user._id}`),
      options: { headers: auth },
    },
    {
      // Another actor and end date each time, so nothing repeats: what the database itself costs
      // for a filtered page and its count.
      name: 'audit log, by a member up to a date, new each request (10 connections)',
      url: auditLog(''),
      options: {
        connections: 10,
        headers: auth,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/auth/audit-log?limit=25&actor=${firstMembers[Math.floor(Math.random() * firstMembers.length)]._id}&to=${new Date(Date.now() - Math.random() * 1e9).toISOString()}`,
            }),
          },
        ],
      },
    },
    { name: 'user categories', url: `${base}/api/auth/user-categories`, options: { headers: auth } },
    {
      name: 'notifications poll',
      url: `${base}/api/auth/notifications?page=1&limit=10&unread=1`,
      options: { headers: auth },
    },
    {
      name: 'notifications poll, 304',
      url: `${base}/api/auth/notifications?page=1&limit=10&unread=1`,
      options: { headers: { ...auth, 'if-none-match': notifications.headers.get('etag') }, expect304: true },
    },
    { name: '/api/telegram-data', url: `${base}/api/telegram-data`, options: {} },
    {
      name: '/locales/el (gzip)',
      url: `${base}/locales/el/translations.json`,
      options: { headers: { 'accept-encoding': 'gzip' } },
    },
    {
      name: '/locales/el, 304',
      url: `${base}/locales/el/translations.json`,
      options: { headers: { 'if-none-match': locales.headers.get('etag') }, expect304: true },
    },
    { name: 'public About HTML', url: `${base}/about`, options: {} },
    { name: 'events: public list', url: `${base}/api/events`, options: {} },
    { name: 'events: one public event', url: `${base}/api/events/${event}`, options: {} },
    { name: 'events: an event page HTML (OpenGraph, JSON-LD)', url: `${base}/events/${event}`, options: {} },
    { name: 'events: the calendar feed /events.ics', url: `${base}/events.ics`, options: {} },
  ].filter((scenario) => !scenario.skip && (!values.only || scenario.name.includes(values.only)));
}

/**
 * Sign-ins against argon2id verifications by the library itself (the product's parameters, on its
 * own thread pool), alternating in short rounds: this machine's speed drifts by more than the
 * difference being measured, so each is measured beside the other.
 */
const RATIO_ROUNDS = 3;
async function signInAgainstRaw(signIn) {
  const { ARGON2_OPTIONS } = await import(path.join(root, 'apps/server/dist/lib/passwords.js'));
  const { hash, verify } = createRequire(path.join(root, 'apps/server/package.json'))('@node-rs/argon2');
  const hashed = await hash(ADMIN.password, ARGON2_OPTIONS);
  const seconds = Math.max(1, Math.round(SECONDS / 2));
  let signIns = 0;
  let verifies = 0;
  for (let round = 0; round < RATIO_ROUNDS; round++) {
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          await verify(hashed, ADMIN.password);
          verifies += 1;
        }
      }),
    );
    signIns += (await load(signIn.url, signIn.options, seconds)).requests.average;
  }
  return {
    signInRps: Math.round(signIns / RATIO_ROUNDS),
    rawVerifyRate: Math.round(verifies / seconds / RATIO_ROUNDS),
  };
}

/** /healthz latency with nothing else running, then beside a sign-in flood: is the event loop free? */
async function healthDuringSignIns(base, signIn) {
  const probe = { connections: 5 };
  const idle = await load(`${base}/healthz`, probe);
  const [, during] = await Promise.all([
    load(signIn.url, { ...signIn.options, connections: CONNECTIONS - probe.connections }),
    load(`${base}/healthz`, probe),
  ]);
  return { idleP99: idle.latency.p99, floodP99: during.latency.p99 };
}

// Idle means once V8 has given back what start-up left behind: its memory reducer runs about 8 s
// after the last full collection, in up to three rounds about 8 s apart, on each thread. Both the
// product and the bare reference are measured this long after they start listening.
const IDLE_SETTLE_MS = 30_000;
const AFTER_LOAD_SECONDS = 45;

async function runEngine(label, env) {
  const memory = {};
  if (env.DATA_DIR) memory.bareMb = await bareRssMb(env.DATA_DIR, IDLE_SETTLE_MS);
  const product = await startProduct({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await sleep(IDLE_SETTLE_MS);
  memory.idleMb = product.rssMb();
  const hello = await startHello();
  const rows = [];
  const signInChecks = {};
  try {
    const reference = await measure(hello.url, {});
    rows.push({ engine: label, scenario: 'bare Fastify hello', ...reference, 'x hello': '1.000' });
    for (const scenario of await scenarios(product.url)) {
      const result = await measure(scenario.url, scenario.options);
      rows.push({
        engine: label,
        scenario: scenario.name,
        ...result,
        'x hello': (result.rps / reference.rps).toFixed(3),
      });
      console.log(`${label}: ${scenario.name}: ${result.rps} req/s`);
      if (scenario.name.startsWith('sign-in')) {
        Object.assign(signInChecks, await signInAgainstRaw(scenario));
        Object.assign(signInChecks, await healthDuringSignIns(product.url, scenario));
      }
    }
    // Once idle again: password workers stop after 10 s, and V8 shrinks the heap a few seconds
    // after allocation stops, in up to three rounds about 8 s apart. Sampled every second, so
    // the table shows where it settles and the highest point on the way.
    const samples = [];
    for (let second = 0; second < AFTER_LOAD_SECONDS; second++) {
      await sleep(1000);
      samples.push(product.rssMb());
    }
    memory.afterLoadMb = samples.at(-1);
    memory.afterLoadPeakMb = Math.max(...samples);
  } finally {
    await hello.close();
    await product.stop();
  }
  return { rows, signIn: { engine: label, ...signInChecks }, memory: { engine: label, ...memory } };
}

execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
if (values.engine !== 'postgres' && !fs.existsSync(path.join(dataDir, 'db'))) {
  // The embedded data set, whatever DATABASE_URL names for the PostgreSQL runs.
  const { DATABASE_URL: _postgres, ...embedded } = process.env;
  execFileSync(process.execPath, [path.join(root, 'bench/seed/run.mjs'), '--data-dir', dataDir], {
    stdio: 'inherit',
    env: embedded,
  });
}
const engines = [];
if (values.engine !== 'postgres') engines.push(await runEngine('PGlite', { DATA_DIR: dataDir }));
if (process.env.DATABASE_URL && values.engine !== 'pglite') {
  engines.push(
    await runEngine('PostgreSQL', {
      DATABASE_URL: process.env.DATABASE_URL,
      JWT_SECRET: SIGNING_KEY,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
    }),
  );
}
const rows = engines.flatMap((engine) => engine.rows);
console.table(rows);
const signIn = engines.map(({ signIn }) => ({
  ...signIn,
  'sign-in / raw verify': signIn.rawVerifyRate ? (signIn.signInRps / signIn.rawVerifyRate).toFixed(2) : null,
  // autocannon counts whole milliseconds: an idle p99 under 1 ms is taken as 1 ms.
  'flood p99 / idle p99':
    signIn.floodP99 === undefined ? null : (signIn.floodP99 / Math.max(1, signIn.idleP99)).toFixed(2),
}));
if (signIn.some((row) => row.signInRps)) console.table(signIn);
const memory = engines.map(({ memory }) => ({
  ...memory,
  'idle / bare': memory.bareMb ? (memory.idleMb / memory.bareMb).toFixed(2) : null,
  'after load / bare': memory.bareMb ? (memory.afterLoadMb / memory.bareMb).toFixed(2) : null,
}));
console.table(memory);
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, values.out ? `http-${values.out}.json` : 'http.json'),
  `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, rows, signIn, memory }, null, 2)}\n`,
);
