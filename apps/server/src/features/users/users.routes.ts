import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createUserBodySchema,
  deletedSchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  messages,
  updateUserBodySchema,
  userSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { contextOf, signedInContextOf } from '../../lib/request-context.js';
import { findUserById, listUsers } from './users.queries.js';
import { createUser, deleteUser, updateUser } from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, { db, mail }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.get(
    apiRoutes.users,
    {
      schema: {
        summary: 'List users',
        description: 'Newest first; q matches name or email.',
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(userSchema) },
      },
    },
    (request) => listUsers(db, request.query),
  );

  r.get(
    `${apiRoutes.users}/:id`,
    { schema: { summary: 'Get user', tags, params: idParamsSchema, response: { 200: userSchema } } },
    async (request) => {
      const user = await findUserById(db, request.params.id);
      if (!user) throw new AppError('not_found', messages.notFound('User'));
      return user;
    },
  );

  r.post(
    apiRoutes.users,
    {
      config: { errors: [409] },
      schema: { summary: 'Create user', tags, body: createUserBodySchema, response: { 201: userSchema } },
    },
    async (request, reply) => reply.code(201).send(await createUser(db, contextOf(request), request.body)),
  );

  r.put(
    `${apiRoutes.users}/:id`,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Update user',
        tags,
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema },
      },
    },
    (request) => updateUser({ db, mail }, signedInContextOf(request), request.params.id, request.body),
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
