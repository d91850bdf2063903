import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  contactBodySchema,
  contactMessageSchema,
  contactMessagesQuerySchema,
  contactReplyBodySchema,
  deletedSchema,
  idParamsSchema,
  listResponseSchema,
  messageResponseSchema,
  messages,
  updateContactMessageBodySchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { contextOf, signedInContextOf } from '../../lib/request-context.js';
import { findContactMessage, listContactMessages } from './contact-messages.queries.js';
import {
  deleteContactMessage,
  receiveContactMessage,
  replyToContactMessage,
  setContactStatus,
} from './contact.service.js';

/** The Contact page's form, and the inbox where administrators read, answer and file its messages. */
export function registerContactRoutes(app: FastifyInstance, { db, mail, limits, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['contact'];
  const byId = `${apiRoutes.contactMessages}/:id`;

  r.post(
    apiRoutes.contact,
    {
      config: { access: 'public', errors: [429] },
      schema: {
        summary: 'Send a message to the community',
        description:
          'A post that fills `website` or comes within 3 s of `startedAt` is answered the same and not kept.',
        tags: ['site'],
        security: [],
        body: contactBodySchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await limits.consume('contactPerIp', request.ip);
      await receiveContactMessage({ db, mail }, contextOf(request), request.body);
      return reply.code(201).send({ message: messages.contactReceived });
    },
  );

  r.get(
    apiRoutes.contactMessages,
    {
      schema: {
        summary: 'Contact messages',
        description: 'Newest first; `status` filters, `q` searches the name, the address and the message.',
        tags,
        querystring: contactMessagesQuerySchema,
        response: { 200: listResponseSchema(contactMessageSchema) },
      },
    },
    (request) => listContactMessages(db, request.query),
  );

  r.get(
    byId,
    {
      schema: {
        summary: 'One contact message, with its replies',
        tags,
        params: idParamsSchema,
        response: { 200: contactMessageSchema },
      },
    },
    async (request) => {
      const found = await findContactMessage(db, request.params.id);
      if (!found) throw new AppError('not_found', messages.notFound('Contact message'));
      return found;
    },
  );

  r.put(
    byId,
    {
      schema: {
        summary: 'File a contact message: new, handled or archived',
        tags,
        params: idParamsSchema,
        body: updateContactMessageBodySchema,
        response: { 200: contactMessageSchema },
      },
    },
    (request) => setContactStatus(db, signedInContextOf(request), request.params.id, request.body.status),
  );

  r.post(
    `${byId}/reply`,
    {
      schema: {
        summary: 'Answer a contact message by mail',
        description: 'The reply is mailed to the writer, kept under the message, and the message is marked handled.',
        tags,
        params: idParamsSchema,
        body: contactReplyBodySchema,
        response: { 200: contactMessageSchema },
      },
    },
    (request) =>
      replyToContactMessage(
        { db, mail, replyTo: config.mailReplyTo },
        signedInContextOf(request),
        request.params.id,
        request.body.body,
      ),
  );

  r.delete(
    byId,
    {
      schema: {
        summary: 'Delete a contact message and its replies',
        tags,
        params: idParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      await deleteContactMessage(db, signedInContextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );
}
