// Hand-written parts beside the libraries that could replace them, measured in one run:
// the password pool (piscina, with the product's settings) against plain piscina and tinypool, the rate-limit store against
// rate-limiter-flexible (memory and Redis), and the security headers as a worked-out map against
// @fastify/helmet as a plugin. `npm run bench:libraries`; REDIS_URL for the Redis rows.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import helmetPlugin from '@fastify/helmet';
import { Piscina } from 'piscina';
import Tinypool from 'tinypool';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';

const root = path.resolve(import.meta.dirname, '../..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const serverDist = (file) => path.join(root, 'apps/server/dist', file);
const { createPasswordWorkers } = await import(serverDist('lib/password-workers.js'));
const { ARGON2_OPTIONS } = await import(serverDist('lib/passwords.js'));
const { createMemoryStore } = await import(serverDist('lib/rate-limiter.js'));
const { createRedisStore } = await import(serverDist('lib/redis-store.js'));
const { registerSecurityHeaders } = await import(serverDist('plugins/security-headers.js'));
const argon2 = require('@node-rs/argon2');
const silent = { warn() {}, info() {}, error() {} };
const rows = [];

// ---- password worker pools ------------------------------------------------------------------
const hash = argon2.hashSync('bench-password', ARGON2_OPTIONS);
const workerFile = path.join(import.meta.dirname, 'argon2-worker.mjs');

async function measurePool(name, run, close) {
  const jobs = 400;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  // Warm every thread, then measure.
  await Promise.all(Array.from({ length: 8 }, () => run({ op: 'verify', hash, password: 'bench-password' })));
  delay.enable();
  const started = performance.now();
  // 50 at a time, as 50 connections signing in would keep them.
  let next = 0;
  const lane = async () => {
    while (next++ < jobs) await run({ op: 'verify', hash, password: 'bench-password' });
  };
  await Promise.all(Array.from({ length: 50 }, lane));
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  rows.push({
    part: 'password pool',
    candidate: name,
    'per second': Math.round(jobs / seconds),
    'event loop p99 ms': (delay.percentile(99) / 1e6).toFixed(2),
  });
  await close?.();
}

const product = createPasswordWorkers(ARGON2_OPTIONS, undefined, undefined, 10_000);
await measurePool(
  'the product: piscina 5, nice 10, 2 jobs per worker',
  (job) => product.run(job),
  () => product.close(),
);
const plainPiscina = new Piscina({ filename: workerFile, maxThreads: os.availableParallelism(), minThreads: 0 });
await measurePool(
  'piscina 5, default priority',
  (job) => plainPiscina.run(job),
  () => plainPiscina.destroy(),
);
const tinypool = new Tinypool({
  filename: workerFile,
  maxThreads: os.availableParallelism(),
  minThreads: 0,
});
await measurePool(
  'tinypool 2',
  (job) => tinypool.run(job),
  () => tinypool.destroy(),
);

// ---- rate-limit stores -------------------------------------------------------------------------
async function measureLimiter(name, consume, close) {
  const operations = 50_000;
  const started = performance.now();
  for (let i = 0; i < operations; i += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, j) => consume(`key-${(i + j) % 5000}`).catch(() => {})));
  }
  rows.push({
    part: 'rate-limit store',
    candidate: name,
    'per second': Math.round(operations / ((performance.now() - started) / 1000)),
  });
  await close?.();
}
const WINDOW_MS = 15 * 60_000;
const ownMemory = createMemoryStore();
await measureLimiter(
  'the product: own memory store',
  (key) => ownMemory.hit(key, WINDOW_MS),
  () => ownMemory.close(),
);
const flexibleMemory = new RateLimiterMemory({ points: 1e9, duration: WINDOW_MS / 1000 });
await measureLimiter('rate-limiter-flexible memory', (key) => flexibleMemory.consume(key));
if (process.env.REDIS_URL) {
  const ownRedis = createRedisStore(process.env.REDIS_URL, silent);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await measureLimiter(
    'the product: own Redis store (one Lua call)',
    (key) => ownRedis.hit(`bench:${key}`, WINDOW_MS),
    () => ownRedis.close(),
  );
  const redis = new Redis(process.env.REDIS_URL, { enableOfflineQueue: false });
  await new Promise((resolve) => redis.once('ready', resolve));
  const flexibleRedis = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'bench-rlf',
    points: 1e9,
    duration: WINDOW_MS / 1000,
    insuranceLimiter: new RateLimiterMemory({ points: 1e9, duration: WINDOW_MS / 1000 }),
  });
  await measureLimiter(
    'rate-limiter-flexible Redis',
    (key) => flexibleRedis.consume(key),
    () => redis.quit(),
  );
}

// ---- security headers --------------------------------------------------------------------------
async function measureHeaders(name, configure) {
  const app = Fastify();
  await configure(app);
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const result = await autocannon({
    url: `http://127.0.0.1:${app.server.address().port}/`,
    connections: 50,
    duration: 5,
  });
  rows.push({ part: 'security headers', candidate: name, 'per second': Math.round(result.requests.average) });
  await app.close();
}
await measureHeaders('no headers (reference)', async () => {});
await measureHeaders('the product: a header map worked out once', async (app) =>
  registerSecurityHeaders(app, { googleSignIn: false }),
);
await measureHeaders('@fastify/helmet plugin', async (app) =>
  app.register(helmetPlugin, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  }),
);

console.table(rows);
process.exit(0);
