import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  deleteMyAccountBodySchema,
  idParamsSchema,
  messageResponseSchema,
  messages,
  personalDataSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { signedInContextOf } from '../../lib/request-context.js';
import { deleteMyAccount, exportMemberData, exportMyData } from './privacy.service.js';

const attachment = (name: string) => `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.json"`;

/** The rights of access and erasure, exercised by the person; an administrator's export of a member. */
export function registerPrivacyRoutes(app: FastifyInstance, { db, mail, limits }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];

  r.get(
    apiRoutes.myData,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Download my data',
        description: 'Every table’s rows about me, as a JSON file; secrets and hashes are left out.',
        tags,
        response: { 200: personalDataSchema },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', attachment('my-data'));
      return exportMyData(db, signedInContextOf(request));
    },
  );

  r.post(
    apiRoutes.deleteMyAccount,
    {
      config: { access: 'signed-in', errors: [409, 429] },
      schema: {
        summary: 'Delete my account',
        description:
          'The password is asked again (an account made through Google has none). Refused for the last administrator. Every session ends; a mail confirms it.',
        tags,
        body: deleteMyAccountBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deleteMyAccount({ db, mail, limits }, signedInContextOf(request), request.body.password);
      return { message: messages.accountDeleted };
    },
  );

  r.get(
    `${apiRoutes.users}/:id/data`,
    {
      schema: {
        summary: "Export a member's data",
        description: 'The same file as "Download my data"; administrators’ data only for administrators.',
        tags,
        params: idParamsSchema,
        response: { 200: personalDataSchema },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', attachment('member-data'));
      return exportMemberData(db, signedInContextOf(request), request.params.id);
    },
  );
}
