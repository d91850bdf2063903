import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createUserRoleBodySchema,
  deletedSchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  messages,
  updateUserRoleBodySchema,
  userRoleSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { signedInContextOf } from '../../lib/request-context.js';
import { findUserRoleById, listUserRoles } from './user-roles.queries.js';
import { createUserRole, deleteUserRole, updateUserRole } from './user-roles.service.js';

export function registerUserRoleRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user-roles'];

  r.get(
    apiRoutes.userRoles,
    {
      schema: {
        summary: 'List user roles',
        description: 'Newest first, with user and role names; q matches user name, email or role name.',
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(userRoleSchema) },
      },
    },
    (request) => listUserRoles(db, request.query),
  );

  r.get(
    `${apiRoutes.userRoles}/:id`,
    { schema: { summary: 'Get user role', tags, params: idParamsSchema, response: { 200: userRoleSchema } } },
    async (request) => {
      const found = await findUserRoleById(db, request.params.id);
      if (!found) throw new AppError('not_found', messages.notFound('UserRole'));
      return found;
    },
  );

  r.post(
    apiRoutes.userRoles,
    {
      config: { errors: [409] },
      schema: { summary: 'Create user role', tags, body: createUserRoleBodySchema, response: { 201: userRoleSchema } },
    },
    async (request, reply) => reply.code(201).send(await createUserRole(db, signedInContextOf(request), request.body)),
  );

  r.put(
    `${apiRoutes.userRoles}/:id`,
    {
      config: { errors: [409] },
      schema: {
        summary: 'Update user role',
        tags,
        params: idParamsSchema,
        body: updateUserRoleBodySchema,
        response: { 200: userRoleSchema },
      },
    },
    (request) => updateUserRole(db, signedInContextOf(request), request.params.id, request.body),
  );

  r.delete(
    `${apiRoutes.userRoles}/:id`,
    {
      config: { errors: [409] },
      schema: { summary: 'Delete user role', tags, params: idParamsSchema, response: { 200: deletedSchema } },
    },
    async (request) => {
      await deleteUserRole(db, signedInContextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );
}
