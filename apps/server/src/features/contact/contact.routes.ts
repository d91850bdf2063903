import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, contactBodySchema, messageResponseSchema, messages } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../lib/request-context.js';
import { receiveContactMessage } from './contact.service.js';

/** The Contact page's form: the message is kept and every administrator is told. */
export function registerContactRoutes(app: FastifyInstance, { db, limits }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    apiRoutes.contact,
    {
      config: { access: 'public', errors: [429] },
      schema: {
        summary: 'Send a message to the community',
        tags: ['site'],
        security: [],
        body: contactBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await limits.consume('contactPerIp', request.ip);
      await receiveContactMessage(db, contextOf(request), request.body);
      return reply.code(201).send({ message: messages.contactReceived });
    },
  );
}
