// The users search with a new term each request, beside the same search done the way Strapi 5
// does it (see server.mjs), in the same run, on the same database, 10 connections.
// `npm run bench:search -- --engine pglite|postgres [--out 1m] [--seconds 10]`: PGlite in
// BENCH_DATA_DIR (default ./bench-data), PostgreSQL at DATABASE_URL (with the product's pool of
// DATABASE_POOL_SIZE connections when set); seed either with bench:seed.
// Then /healthz latency idle and during the search load: is the event loop free?
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ADMIN, SIGNING_KEY } from '../lib/data-set.mjs';
import { root, rssMb } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    out: { type: 'string' },
    only: { type: 'string' },
    build: { type: 'boolean', default: true },
  },
});
const SECONDS = Number(values.seconds);
const WARMUP = Number(values.warmup);
const CONNECTIONS = 10;

const random = (n) => Math.floor(Math.random() * n);
/** Letter case changed at random: the database does the same work, no page or total is reused. */
const anyCase = (text) =>
  [...text].map((c) => (Math.random() < 0.5 ? c.toLocaleUpperCase('el') : c.toLocaleLowerCase('el'))).join('');
const LATIN_FIRST = ['Nikos', 'Maria', 'Giorgos', 'Eleni', 'Kostas', 'Anna'];
const LATIN_LAST = ['Papadopoulos', 'Georgiou', 'Ioannou', 'Nikolaou'];
const GREEK_FIRST = ['Νίκος', 'Μαρία', 'Γιώργος', 'Ελένη'];
const GREEK_LAST = ['Παπαδόπουλος', 'Γεωργίου', 'Ιωάννου'];
const pick = (list) => list[random(list.length)];
/** What people type, as bench/seed writes it; `users` is how many members there are. */
const kinds = (users) => [
  { name: 'email with @, e.g. "member12345@" (1 row)', term: () => `member${1 + random(users - 1)}@` },
  { name: 'start of an email, e.g. "member1234" (1-111 rows)', term: () => `member${1 + random(9999)}` },
  { name: 'domain "@bench.test" (every row), any case', term: () => anyCase('@bench.test') },
  {
    name: 'Latin first and last name, e.g. "Giorgos Ioannou", any case',
    term: () => anyCase(`${pick(LATIN_FIRST)} ${pick(LATIN_LAST)}`),
  },
  {
    name: 'Greek first and last name, e.g. "Γιώργος Ιωάννου", any case',
    term: () => anyCase(`${pick(GREEK_FIRST)} ${pick(GREEK_LAST)}`),
  },
  {
    name: 'start of a surname, 3-8 letters, Latin or Greek, e.g. "papad"',
    term: () => {
      const last = pick([...LATIN_LAST, ...GREEK_LAST]);
      return anyCase(last.slice(0, 3 + random(Math.min(6, last.length - 2))));
    },
  },
  {
    name: 'name with a member number, e.g. "Ioannou 4821"',
    term: () => `${pick([...LATIN_LAST, ...GREEK_LAST])} ${1 + random(users - 1)}`,
  },
];

function load(url, options, duration) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration, timeout: 60, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/** A new term for every request. */
const searching = (base, pathOf, term, headers = {}) => ({
  url: `${base}${pathOf('x')}`,
  options: {
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(encodeURIComponent(term())) }) }],
  },
});

/** `settle` waits, after the warm-up, until what it left running has ended. */
async function measure({ url, options }, settle) {
  if (WARMUP > 0) {
    await load(url, options, WARMUP);
    await settle();
  }
  const result = await load(url, options, SECONDS);
  return {
    rps: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Waits until the database has nothing left over from the load on `base`: as many readiness
 * checks at once as the load had connections, each of which needs the engine (a pooled
 * connection, or PGlite's only one), all answered at once.
 */
async function drained(base) {
  for (;;) {
    const started = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, () => fetch(`${base}/readyz`).then((r) => r.text())));
    if (Date.now() - started < 100) return;
    await sleep(100);
  }
}

async function startServer(env) {
  const child = spawn(process.execPath, [path.join(root, 'bench/search/server.mjs')], {
    // The API alone: the web app's build, mid-way or absent, is no part of a search.
    env: {
      PATH: process.env.PATH,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST_DIR: path.join(root, 'bench/search/no-web-build'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [product, plain] = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const ready = /ready (\S+) (\S+)/.exec(out);
      if (ready) resolve([ready[1], ready[2]]);
    });
    child.once('exit', () => reject(new Error('the search server exited during start-up')));
  });
  return {
    product,
    plain,
    rssMb: () => rssMb(child.pid),
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

if (values.build)
  execFileSync('npm', ['run', 'build', '-w', 'packages/shared', '-w', 'apps/server', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
const postgres = values.engine === 'postgres';
if (postgres && !process.env.DATABASE_URL) throw new Error('--engine postgres needs DATABASE_URL');
const label = postgres ? 'PostgreSQL' : 'PGlite';
const env = postgres
  ? {
      DATABASE_URL: process.env.DATABASE_URL,
      JWT_SECRET: SIGNING_KEY,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
    }
  : { DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(root, 'bench-data') };
const started = Date.now();
const server = await startServer(env);
console.log(`${label}: started (with any migration) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const rows = [];
let health;
try {
  const login = await fetch(`${server.product}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const users = (await (await fetch(`${server.product}/api/auth/users?limit=1`, { headers: auth })).json()).total;
  const productPath = (q) => `/api/auth/users?q=${q}&limit=25`;
  const plainPath = (q) => `/search?q=${q}`;
  for (const kind of kinds(users).filter((k) => !values.only || k.name.includes(values.only))) {
    // Either way's statements may outlast its load; the Strapi way's run on a pool of their own.
    const settle = async () => {
      await drained(server.product);
      await drained(server.plain);
    };
    const product = await measure(searching(server.product, productPath, kind.term, auth), settle);
    const plain = await measure(searching(server.plain, plainPath, kind.term), settle);
    // Searches the Strapi way still running when the load stops would slow what is measured next.
    await settle();
    rows.push({ engine: label, users, search: kind.name, way: 'product', ...product });
    rows.push({ engine: label, users, search: kind.name, way: 'Strapi way (no index)', ...plain });
    console.log(
      `${label}: ${kind.name}: ${product.rps} against ${plain.rps} req/s (${(product.rps / plain.rps).toFixed(1)}x)`,
    );
  }
  // The event loop during the search load: 5 connections on /healthz, idle and beside 10
  // searching with every kind of term in turn.
  const all = kinds(users);
  let turn = 0;
  const mixed = searching(server.product, productPath, () => all[turn++ % all.length].term(), auth);
  const probe = (duration) => load(`${server.product}/healthz`, { connections: 5 }, duration);
  const idle = await probe(SECONDS);
  const [during, searched] = await Promise.all([probe(SECONDS), load(mixed.url, mixed.options, SECONDS)]);
  health = {
    engine: label,
    users,
    idleP99: idle.latency.p99,
    duringP99: during.latency.p99,
    // autocannon counts whole milliseconds: an idle p99 under 1 ms is taken as 1 ms.
    ratio: Math.round((during.latency.p99 / Math.max(1, idle.latency.p99)) * 100) / 100,
    searchRps: Math.round(searched.requests.average),
    searchP99: searched.latency.p99,
    rssMb: server.rssMb(),
  };
} finally {
  await server.stop();
}
const summary = [];
for (let i = 0; i < rows.length; i += 2) {
  summary.push({
    search: rows[i].search,
    'req/s': rows[i].rps,
    p99: rows[i].p99,
    'Strapi way req/s': rows[i + 1].rps,
    'Strapi way p99': rows[i + 1].p99,
    '×': (rows[i].rps / Math.max(0.1, rows[i + 1].rps)).toFixed(1),
    errors: `${rows[i].errors}/${rows[i + 1].errors}`,
  });
}
console.table(summary);
console.table([health]);
const out = path.join(root, 'bench/results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, `search${values.out ? `-${values.out}` : ''}.json`),
  `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, rows, summary, health }, null, 2)}\n`,
);
