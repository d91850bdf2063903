import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createUserBodySchema,
  deletedSchema,
  idParamsSchema,
  bulkResultSchema,
  listResponseSchema,
  messages,
  updateUserBodySchema,
  userBulkBodySchema,
  userFiltersSchema,
  userListQuerySchema,
  userSchema,
  USER_BULK_ACTION_CALLS,
  type User,
} from '@community/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { csvStream, sendCsv } from '../../lib/csv.js';
import { versionAsked } from '../../lib/if-match.js';
import { AppError } from '../../lib/app-error.js';
import { contextOf, signedInContextOf } from '../../lib/request-context.js';
import { assertMayAlsoCall, currentUser } from '../../plugins/access.js';
import { peopleBeyondGrants } from '../roles/grants.js';
import { findUserById, listUsers } from './users.queries.js';
import { createUser, deleteUser, updateUser } from './users.service.js';
import { applyUserBulk } from './users-bulk.service.js';
import { exportUsers, USERS_CSV_HEADER, userCsvCells } from './user-export.js';

export function registerUserRoutes(app: FastifyInstance, { db, mail, access }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  /** Who uses a second factor is told only to those who may reset it: to others it is no business of theirs. */
  async function shownTo(request: FastifyRequest): Promise<(user: User) => User> {
    const mayReset = await access.mayCall(currentUser(request), 'POST', `${apiRoutes.users}/:id/mfa/reset`);
    return mayReset ? (user) => user : ({ mfaEnabled: _, ...user }) => user;
  }

  r.get(
    apiRoutes.users,
    {
      schema: {
        summary: 'List users',
        description:
          'Newest first unless `sort` says otherwise (createdAt, name or email; `-` for descending); q matches name or email; filters: confirmed, blocked (true or false), role (a role id), joinedFrom and joinedTo (ISO dates or date-times; `joinedTo` excluded).',
        tags,
        querystring: userListQuerySchema,
        response: { 200: listResponseSchema(userSchema) },
      },
    },
    async (request) => {
      const [page, shown] = await Promise.all([listUsers(db, request.query), shownTo(request)]);
      // The rows the reader may not change say so, so a screen offers no change the server refuses.
      const beyond = await peopleBeyondGrants(
        db,
        currentUser(request),
        page.data.map((user) => user._id),
      );
      return {
        ...page,
        data: page.data.map((user) => {
          const why = beyond.get(user._id);
          return shown(why ? { ...user, beyondYou: why } : user);
        }),
      };
    },
  );

  r.get(
    `${apiRoutes.users}/export.csv`,
    {
      schema: {
        summary: 'Users as CSV',
        description:
          'The same filters and order as the list, every matching user with their roles, streamed (UTF-8 with BOM).',
        tags,
        querystring: userFiltersSchema,
        produces: ['text/csv'],
        response: { 200: z.any().describe('text/csv') },
      },
    },
    (request, reply) =>
      sendCsv(reply, 'users', csvStream(USERS_CSV_HEADER, exportUsers(db, request.query), userCsvCells)),
  );

  r.post(
    `${apiRoutes.users}/bulk`,
    {
      schema: {
        summary: 'One action on many users',
        description:
          'block, unblock, confirm, delete, assign-role or remove-role (with roleId) for up to 1,000 ids; each id is checked and changed on its own, and the answer lists the ids done and those refused with the reason.',
        tags,
        body: userBulkBodySchema,
        response: { 200: bulkResultSchema },
      },
    },
    async (request) => {
      await assertMayAlsoCall(access, request, USER_BULK_ACTION_CALLS[request.body.action]);
      return applyUserBulk({ db, mail }, request, request.body);
    },
  );

  r.get(
    `${apiRoutes.users}/:id`,
    { schema: { summary: 'Get user', tags, params: idParamsSchema, response: { 200: userSchema } } },
    async (request) => {
      const [user, shown] = await Promise.all([findUserById(db, request.params.id), shownTo(request)]);
      if (!user) throw new AppError('not_found', messages.notFound('User'));
      return shown(user);
    },
  );

  r.post(
    apiRoutes.users,
    {
      config: { errors: [409] },
      schema: { summary: 'Create user', tags, body: createUserBodySchema, response: { 201: userSchema } },
    },
    async (request, reply) => {
      const user = await createUser(db, contextOf(request), request.body);
      return reply.code(201).send((await shownTo(request))(user));
    },
  );

  r.put(
    `${apiRoutes.users}/:id`,
    {
      config: { errors: [409, 412] },
      schema: {
        summary: 'Update user',
        description: 'With `If-Match: "<updatedAt>"`, refused (412) when the user was changed since that version.',
        tags,
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const user = await updateUser(
        { db, mail },
        signedInContextOf(request),
        request.params.id,
        request.body,
        versionAsked(request),
      );
      return (await shownTo(request))(user);
    },
  );

  r.delete(
    `${apiRoutes.users}/:id`,
    {
      config: { errors: [409] },
      schema: { summary: 'Delete user', tags, params: idParamsSchema, response: { 200: deletedSchema } },
    },
    async (request) => {
      await deleteUser(db, signedInContextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );
}
