// The memory reference: Fastify answering "hello" beside PGlite opened on the
// same data directory with the product's settings, and nothing else. Prints "ready" when listening.
import path from 'node:path';
import Fastify from 'fastify';
import { root } from './server.mjs';

const { openPglite } = await import(path.join(root, 'apps/server/dist/db/pglite-engine.js'));
const pglite = await openPglite(path.join(process.argv[2], 'db'));
await pglite.query('select count(*) from users');
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await app.close();
  await pglite.close();
  process.exit(0);
});
