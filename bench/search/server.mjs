// The product built from apps/server/dist, and beside it, on a second port of the same process,
// the users search done the way Strapi 5 does it: `ILIKE '%term%'` on name and email over a copy
// of the users table that has no index at all, then `count(*)` of the same: on PostgreSQL through
// a pool of ten connections, as Strapi's knex keeps by default, whatever the product's pool is; on
// PGlite through the product's one engine. Prints "ready <product url> <plain url>" when both listen.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { root } from '../lib/server.mjs';

const dist = (file) => path.join(root, 'apps/server/dist', file);
await import(dist('lib/gc-tuning.js'));
const { loadConfig } = await import(dist('config/env.js'));
const { buildApp } = await import(dist('app.js'));
const { containsPattern } = await import(dist('db/list.js'));
const { queryRows } = await import(dist('db/query-rows.js'));

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
const { app, deps } = await buildApp(config, { logStream: pino.destination(2) });
const { db } = deps;
const STRAPI_POOL_SIZE = 10;
const strapiDatabase = config.databaseUrl
  ? (await import(dist('db/postgres.js'))).createPostgresDatabase(
      config.databaseUrl,
      pino({ level: 'warn' }, pino.destination(2)),
      STRAPI_POOL_SIZE,
    )
  : undefined;
const strapiDb = strapiDatabase?.db ?? db;

// The copy: the columns the users list shows, no primary key, no index. Made again when the
// users table has changed size since.
const run = (query) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return tx.execute(query);
  });
const [{ n: users }] = await queryRows(db, sql`select count(*)::int as n from users`);
const [copy] = await queryRows(db, sql`select to_regclass('bench_users_plain') as name`);
const copied = copy.name ? (await queryRows(db, sql`select count(*)::int as n from bench_users_plain`))[0].n : -1;
if (copied !== users) {
  await run(sql`drop table if exists bench_users_plain`);
  await run(sql`create table bench_users_plain as
    select id, created_at, name, email, username, avatar_url, confirmed, blocked from users`);
  await run(sql`analyze bench_users_plain`);
}

const plain = Fastify({ logger: false });
plain.get('/search', async (request) => {
  const pattern = containsPattern(String(request.query.q ?? ''));
  const where = sql`name ilike ${pattern} or email ilike ${pattern}`;
  const data = await queryRows(
    strapiDb,
    sql`select id, created_at, name, email, username, avatar_url, confirmed, blocked
        from bench_users_plain where ${where} order by created_at desc, id desc limit 25`,
  );
  const [{ n: total }] = await queryRows(
    strapiDb,
    sql`select count(*)::int as n from bench_users_plain where ${where}`,
  );
  return { data, total };
});

// As the product's /readyz: a statement through the pool, so as many at once wait for every
// search still running to end.
plain.get('/readyz', async () => queryRows(strapiDb, sql`select 1`));

await app.listen({ port: 0, host: '127.0.0.1' });
await plain.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(
  `ready http://127.0.0.1:${app.server.address().port} http://127.0.0.1:${plain.server.address().port}\n`,
);
process.on('SIGTERM', async () => {
  await plain.close();
  await strapiDatabase?.close();
  await app.close();
  process.exit(0);
});
