import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  apiRoutes,
  createPermissionBodySchema,
  deletedSchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  messages,
  permissionSchema,
  reinitiatePermissionsResponseSchema,
  updatePermissionBodySchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { permissions } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { currentUser, type AuthUser } from '../../plugins/access.js';
import { findPermissionById, listPermissions, syncPermissions, toPermission } from './permissions.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('Permission'));
const duplicate = () => new AppError('conflict', 'A permission for this method and route already exists.');

/**
 * Permission rows are the security model itself: whoever edits one could point a permission they
 * hold at another route, or open a route to everyone. Only administrators change them.
 */
function assertAdministrator(actor: AuthUser) {
  if (!actor.isAdmin) throw new AppError('forbidden', messages.adminOnly);
}

export function registerPermissionRoutes(app: FastifyInstance, { db, access }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['permissions'];

  r.get(
    apiRoutes.permissions,
    {
      schema: {
        summary: 'List permissions',
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(permissionSchema) },
      },
    },
    (request) => listPermissions(db, request.query),
  );

  r.get(
    `${apiRoutes.permissions}/:id`,
    { schema: { summary: 'Get permission', tags, params: idParamsSchema, response: { 200: permissionSchema } } },
    async (request) => {
      const permission = await findPermissionById(db, request.params.id);
      if (!permission) throw notFound();
      return permission;
    },
  );

  r.post(
    apiRoutes.permissions,
    {
      schema: {
        summary: 'Create permission',
        tags,
        body: createPermissionBodySchema,
        response: { 201: permissionSchema },
      },
    },
    async (request, reply) => {
      assertAdministrator(currentUser(request));
      try {
        const [row] = await db
          .insert(permissions)
          .values({ id: newId(), ...request.body })
          .returning();
        return reply.code(201).send(toPermission(row!));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
  );

  r.put(
    `${apiRoutes.permissions}/:id`,
    {
      schema: {
        summary: 'Update permission',
        tags,
        params: idParamsSchema,
        body: updatePermissionBodySchema,
        response: { 200: permissionSchema },
      },
    },
    async (request) => {
      assertAdministrator(currentUser(request));
      try {
        const [row] = await db
          .update(permissions)
          .set(request.body)
          .where(eq(permissions.id, request.params.id))
          .returning();
        if (!row) throw notFound();
        return toPermission(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
  );

  r.delete(
    `${apiRoutes.permissions}/:id`,
    { schema: { summary: 'Delete permission', tags, params: idParamsSchema, response: { 200: deletedSchema } } },
    async (request) => {
      assertAdministrator(currentUser(request));
      const deleted = await db
        .delete(permissions)
        .where(eq(permissions.id, request.params.id))
        .returning({ id: permissions.id });
      if (deleted.length === 0) throw notFound();
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
    async () => ({ createdCount: await syncPermissions(db, access.routes) }),
  );
}
