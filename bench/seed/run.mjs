// Fills a database with the benchmark data set through the product's own migrations and seeding:
// 100,000 users (or --users N) with profiles and the User role, 10,000 invites, 1,000
// notifications for the administrator and 1,000,000 audit entries (or --audit N). PGlite in
// DATA_DIR (default ./bench-data), or DATABASE_URL. `npm run bench:seed -- --users 1000000` for
// the large variant.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ADMIN, AUDIT_ACTIONS, AUDIT_ACTORS, RARE_GREEK, RARE_LATIN, SIGNING_KEY } from '../lib/data-set.mjs';
import { root } from '../lib/server.mjs';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    audit: { type: 'string', default: '1000000' },
    'data-dir': { type: 'string' },
    /** The server is built already (the browser tests build it first). */
    built: { type: 'boolean', default: false },
  },
});
const userCount = Number(values.users);
if (!Number.isInteger(userCount) || userCount < 1) throw new Error('--users must be a positive whole number');
const auditCount = Number(values.audit);
if (!Number.isInteger(auditCount) || auditCount < 0) throw new Error('--audit must be a whole number');

if (!values.built)
  execFileSync('npm', ['run', 'build', '-w', 'packages/shared', '-w', 'apps/server', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
const dist = (file) => path.join(root, 'apps/server/dist', file);
const { loadConfig } = await import(dist('config/env.js'));
const { buildApp } = await import(dist('app.js'));
const { hashPassword } = await import(dist('lib/passwords.js'));

const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? path.join(root, 'bench-data');
const config = loadConfig({
  ...process.env,
  ...(process.env.DATABASE_URL ? { JWT_SECRET: SIGNING_KEY } : {}),
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'warn',
});
const started = Date.now();
// Start-up applies the migrations and seeds roles, menus, permissions and the administrator.
const { app, deps } = await buildApp(config, { logStream: pino.destination(2) });
const { db } = deps;
// A million rows take longer than the statement timeout the product sets for requests.
const run = (query) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    return tx.execute(query);
  });

// One argon2id hash for everyone: hashing 100,000 passwords would take half an hour.
const passwordHash = await hashPassword(ADMIN.password);
const firstNames = ['Nikos', 'Maria', 'Giorgos', 'Eleni', 'Kostas', 'Anna', 'Νίκος', 'Μαρία', 'Γιώργος', 'Ελένη'];
const lastNames = ['Papadopoulos', 'Georgiou', 'Ioannou', 'Nikolaou', 'Παπαδόπουλος', 'Γεωργίου', 'Ιωάννου'];

await run(sql`
  insert into users (id, created_at, updated_at, name, email, password_hash, confirmed, blocked)
  select gen_random_uuid(), now() - make_interval(secs => i), now() - make_interval(secs => i),
         (${sql.raw(`array['${firstNames.join("','")}']`)})[1 + i % ${firstNames.length}] || ' ' ||
         case i % 1000 when 0 then ${RARE_GREEK} when 500 then ${RARE_LATIN}
           else (${sql.raw(`array['${lastNames.join("','")}']`)})[1 + (i / 7) % ${lastNames.length}] end || ' ' || i,
         'member' || i || '@bench.test', ${passwordHash}, i % 50 <> 0, i % 97 = 0
  from generate_series(1, ${userCount}) as i
  on conflict do nothing`);
await run(sql`
  insert into profiles (user_id, phone, address, bio)
  select id, '+30 210 ' || lpad((abs(hashtext(email)) % 10000000)::text, 7, '0'), 'Αθήνα', null
  from users where email like 'member%@bench.test'
  on conflict do nothing`);
await run(sql`
  insert into user_roles (id, created_at, user_id, role_id)
  select gen_random_uuid(), u.created_at, u.id, (select id from roles where type = 'user' limit 1)
  from users u where u.email like 'member%@bench.test'
  on conflict do nothing`);
await run(sql`
  insert into invites (id, created_at, token, email, hours, expires_at, status)
  select gen_random_uuid(), now() - make_interval(mins => i), md5(random()::text) || md5(i::text),
         case when i % 3 = 0 then 'invitee' || i || '@bench.test' end, 48,
         now() - make_interval(mins => i) + interval '48 hours',
         (array['pending','consumed','rejected'])[1 + i % 3]
  from generate_series(1, 10000) as i`);
await run(sql`
  insert into notifications (id, created_at, user_id, title, body, link, read_at)
  select gen_random_uuid(), now() - make_interval(mins => i),
         (select id from users where email = ${config.adminEmail}), 'A registration awaits approval',
         'Member ' || i || ' registered through an invite.', '/admin/invites',
         case when i > 20 then now() end
  from generate_series(1, 1000) as i`);
// Indexes built once over the million rows rather than kept up row by row: the same indexes,
// read back from the catalogue, in a fraction of the time.
const auditIndexes = (
  await run(
    sql`select indexname, indexdef from pg_indexes where tablename = 'audit_events' and indexname <> 'audit_events_pkey'`,
  )
).rows;
for (const { indexname } of auditIndexes) await run(sql`drop index ${sql.identifier(indexname)}`);
// A second apart, newest first; the action cycles on its own period so it is not tied to the actor.
await run(sql`
  with actors as (
    select id, email, row_number() over (order by created_at desc) as n
    from users where email like 'member%@bench.test' order by created_at desc limit ${AUDIT_ACTORS}
  ), admin as (select id, email from users where email = ${config.adminEmail})
  insert into audit_events (id, at, actor_id, actor_email, action, target_type, target_id, target_label, changes, ip, user_agent)
  select gen_random_uuid(), now() - make_interval(secs => i),
         case when i % 10 = 0 then admin.id else actors.id end,
         case when i % 10 = 0 then admin.email else actors.email end,
         (${sql.raw(`array['${AUDIT_ACTIONS.join("','")}']`)})[1 + (i / 7) % ${AUDIT_ACTIONS.length}],
         'user', actors.id::text, actors.email,
         jsonb_build_object('name', jsonb_build_array('Member ' || i, 'Member ' || (i + 1))),
         '192.0.2.' || (i % 250), 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'
  from generate_series(1, ${auditCount}) as i
  join actors on actors.n = 1 + i % ${AUDIT_ACTORS}
  cross join admin`);
for (const { indexdef } of auditIndexes) await run(sql.raw(indexdef));
// As the product's upkeep leaves a running install: every page marked visible to all, and
// statistics. No transaction may hold a vacuum, and on PostgreSQL it may outlast a request's
// statement timeout: it gets a connection of its own without one.
if (config.databaseUrl) {
  const client = await db.$client.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('vacuum');
  } finally {
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
} else {
  await db.execute(sql`vacuum`);
}
await run(sql`analyze`);

const [{ count }] = (await run(sql`select count(*)::int as count from users`)).rows;
await app.close();
console.log(
  `seeded ${count} users, 10000 invites, 1000 notifications and ${auditCount} audit entries in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
    `(${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`}); sign in as ${config.adminEmail} / ${ADMIN.password}`,
);
