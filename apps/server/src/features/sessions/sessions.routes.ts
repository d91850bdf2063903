import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, messageResponseSchema, messages } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { signedInContextOf } from '../../lib/request-context.js';
import { endOwnSession } from './sessions.service.js';

export function registerSessionRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  r.post(
    apiRoutes.logout,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Sign out',
        description: 'Ends this session on the server: its token stops working on every instance.',
        tags,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await endOwnSession(db, signedInContextOf(request));
      return { message: messages.loggedOut };
    },
  );
}
