import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

export type HandlersInFlight = { settled(): Promise<void> };

const ignore = () => undefined;

/**
 * The route handlers still running. A client that gives up does not stop its handler: a sign-in
 * goes on to verify the password and start a session. The server stops waiting once every
 * connection has closed, so shutting down waits for these too, before the database closes.
 * Routes registered after this are counted.
 */
export function registerHandlersInFlight(app: FastifyInstance): HandlersInFlight {
  const running = new Set<Promise<unknown>>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        const finished = result.then(ignore, ignore);
        running.add(finished);
        void finished.then(() => running.delete(finished));
      }
      return result;
    };
  });
  return {
    settled: async () => {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
