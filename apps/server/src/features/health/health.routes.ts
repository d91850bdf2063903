import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';

export function registerHealthRoutes(app: FastifyInstance, { database }: AppDeps) {
  const hidden = { hide: true };
  app.get('/healthz', { config: { access: 'public' }, schema: hidden }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' }, schema: hidden }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
}
