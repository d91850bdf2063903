// A bare Fastify with a "hello" route and one that sends a file's bytes from memory as gzip, the
// way the product sends a precompressed answer. Prints "ready PORT" when listening.
import fs from 'node:fs';
import Fastify from 'fastify';

const body = fs.readFileSync(process.argv[2]);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/bytes', (_request, reply) => {
  reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`ready ${app.server.address().port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
