import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes, contactBodySchema, messageResponseSchema, messages } from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { contactMessages } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { notifyAdmins } from '../notifications/notify.js';

/** The Contact page's form: the message is kept and every administrator is told. */
export function registerContactRoutes(app: FastifyInstance, { db, limits }: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    apiRoutes.contact,
    {
      config: { access: 'public' },
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
      const { name, email, message } = request.body;
      await db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({ id: newId(), name, email, message });
        await notifyAdmins(tx, {
          title: 'New message from the contact page',
          body: `${name} <${email}>: ${message.length > 1000 ? `${message.slice(0, 1000)}…` : message}`,
        });
      });
      return reply.code(201).send({ message: messages.contactReceived });
    },
  );
}
