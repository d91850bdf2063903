import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  createPermissionBodySchema,
  deletedSchema,
  idParamsSchema,
  permissionListQuerySchema,
  listResponseSchema,
  messages,
  myPermissionsResponseSchema,
  permissionSchema,
  reinitiatePermissionsResponseSchema,
  updatePermissionBodySchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { contextOf } from '../../lib/request-context.js';
import { currentUser } from '../../plugins/access.js';
import { findPermissionById, listPermissions } from './permissions.queries.js';
import { createPermission, deletePermission, reinitiatePermissions, updatePermission } from './permissions.service.js';

/**
 * Permission rows are the security model itself: whoever edits one could point a permission they
 * hold at another route, or open a route to everyone. Only administrators change them.
 */
const ADMINISTRATORS_ONLY = { adminOnly: true } as const;
/** One permission per method and route: a second answers 409. */
const ADMINISTRATORS_ONLY_UNIQUE = { adminOnly: true, errors: [409] } as const;

export function registerPermissionRoutes(app: FastifyInstance, { db, access }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['permissions'];

  r.get(
    apiRoutes.permissions,
    {
      schema: {
        summary: 'List permissions',
        tags,
        querystring: permissionListQuerySchema,
        response: { 200: listResponseSchema(permissionSchema) },
      },
    },
    (request) => listPermissions(db, request.query, request.language, request.user),
  );

  r.get(
    apiRoutes.myPermissions,
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'What I may call',
        description:
          'Every permission-governed route the caller may call now, as "METHOD pattern": screens offer only these. The server checks each call regardless.',
        tags,
        response: { 200: myPermissionsResponseSchema },
      },
    },
    async (request) => ({ permissions: await access.callableBy(currentUser(request)) }),
  );

  r.get(
    `${apiRoutes.permissions}/:id`,
    { schema: { summary: 'Get permission', tags, params: idParamsSchema, response: { 200: permissionSchema } } },
    async (request) => {
      const permission = await findPermissionById(db, request.params.id);
      if (!permission) throw new AppError('not_found', messages.notFound('Permission'));
      return permission;
    },
  );

  r.post(
    apiRoutes.permissions,
    {
      config: ADMINISTRATORS_ONLY_UNIQUE,
      schema: {
        summary: 'Create permission',
        tags,
        body: createPermissionBodySchema,
        response: { 201: permissionSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createPermission(db, contextOf(request), request.body)),
  );

  r.put(
    `${apiRoutes.permissions}/:id`,
    {
      config: ADMINISTRATORS_ONLY_UNIQUE,
      schema: {
        summary: 'Update permission',
        tags,
        params: idParamsSchema,
        body: updatePermissionBodySchema,
        response: { 200: permissionSchema },
      },
    },
    (request) => updatePermission(db, contextOf(request), request.params.id, request.body),
  );

  r.delete(
    `${apiRoutes.permissions}/:id`,
    {
      config: ADMINISTRATORS_ONLY,
      schema: { summary: 'Delete permission', tags, params: idParamsSchema, response: { 200: deletedSchema } },
    },
    async (request) => {
      await deletePermission(db, contextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );

  r.post(
    apiRoutes.reinitiatePermissions,
    {
      schema: {
        summary: 'Reinitiate permissions',
        description: 'Adds a permission for every API route that has none.',
        tags,
        response: { 200: reinitiatePermissionsResponseSchema },
      },
    },
    async (request) => ({ createdCount: await reinitiatePermissions(db, contextOf(request), access.routes) }),
  );
}
