import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createRoleBodySchema,
  deletedSchema,
  idParamsSchema,
  roleListQuerySchema,
  listResponseSchema,
  messages,
  roleSchema,
  updateRoleBodySchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { versionAsked } from '../../lib/if-match.js';
import { AppError } from '../../lib/app-error.js';
import { signedInContextOf } from '../../lib/request-context.js';
import { findRoleById, listRoles } from './roles.queries.js';
import { createRole, deleteRole, updateRole } from './roles.service.js';

export function registerRoleRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['roles'];

  r.get(
    apiRoutes.roles,
    {
      schema: {
        summary: 'List roles',
        description: 'By name, with the names of their permissions and client permissions.',
        tags,
        querystring: roleListQuerySchema,
        response: { 200: listResponseSchema(roleSchema) },
      },
    },
    (request) => listRoles(db, request.query, request.user),
  );

  r.get(
    `${apiRoutes.roles}/:id`,
    { schema: { summary: 'Get role', tags, params: idParamsSchema, response: { 200: roleSchema } } },
    async (request) => {
      const role = await findRoleById(db, request.params.id);
      if (!role) throw new AppError('not_found', messages.notFound('Role'));
      return role;
    },
  );

  r.post(
    apiRoutes.roles,
    {
      config: { errors: [409] },
      schema: { summary: 'Create role', tags, body: createRoleBodySchema, response: { 201: roleSchema } },
    },
    async (request, reply) => reply.code(201).send(await createRole(db, signedInContextOf(request), request.body)),
  );

  r.put(
    `${apiRoutes.roles}/:id`,
    {
      config: { errors: [409, 412] },
      schema: {
        summary: 'Update role',
        description: 'With `If-Match: "<updatedAt>"`, refused (412) when the role was changed since that version.',
        tags,
        params: idParamsSchema,
        body: updateRoleBodySchema,
        response: { 200: roleSchema },
      },
    },
    (request) => updateRole(db, signedInContextOf(request), request.params.id, request.body, versionAsked(request)),
  );

  r.delete(
    `${apiRoutes.roles}/:id`,
    {
      config: { errors: [409] },
      schema: { summary: 'Delete role', tags, params: idParamsSchema, response: { 200: deletedSchema } },
    },
    async (request) => {
      await deleteRole(db, signedInContextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );
}
