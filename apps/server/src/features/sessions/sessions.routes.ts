import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  idParamsSchema,
  messageResponseSchema,
  messages,
  revokedSessionsSchema,
  sessionListSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { signedInContextOf } from '../../lib/request-context.js';
import {
  endMyOtherSessions,
  endMySession,
  endOwnSession,
  endSessionsOf,
  listMySessions,
  listSessionsOf,
} from './sessions.service.js';

const SIGNED_IN = { access: 'signed-in' } as const;

export function registerSessionRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  r.post(
    apiRoutes.logout,
    {
      config: SIGNED_IN,
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

  r.get(
    apiRoutes.sessions,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'My sessions',
        description: 'Where I am signed in: this one first (`current`), then the most recently seen.',
        tags,
        response: { 200: sessionListSchema },
      },
    },
    async (request) => ({ data: await listMySessions(db, signedInContextOf(request)) }),
  );

  r.delete(
    `${apiRoutes.sessions}/:id`,
    {
      config: SIGNED_IN,
      schema: {
        summary: 'Sign out one of my sessions',
        tags,
        params: idParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await endMySession(db, signedInContextOf(request), request.params.id);
      return { message: messages.loggedOut };
    },
  );

  r.post(
    `${apiRoutes.sessions}/revoke-others`,
    {
      config: SIGNED_IN,
      schema: { summary: 'Sign out everywhere else', tags, response: { 200: revokedSessionsSchema } },
    },
    async (request) => ({ revoked: await endMyOtherSessions(db, signedInContextOf(request)) }),
  );

  r.get(
    `${apiRoutes.users}/:id/sessions`,
    {
      schema: { summary: "A person's sessions", tags, params: idParamsSchema, response: { 200: sessionListSchema } },
    },
    async (request) => ({ data: await listSessionsOf(db, signedInContextOf(request), request.params.id) }),
  );

  r.post(
    `${apiRoutes.users}/:id/sessions/revoke`,
    {
      schema: {
        summary: 'Sign a person out everywhere',
        description: 'The same guard rails as editing the person: administrators only by administrators.',
        tags,
        params: idParamsSchema,
        response: { 200: revokedSessionsSchema },
      },
    },
    async (request) => ({ revoked: await endSessionsOf(db, signedInContextOf(request), request.params.id) }),
  );
}
