import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  apiRoutes,
  clientPermissionSchema,
  createClientPermissionBodySchema,
  deletedSchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  messages,
  updateClientPermissionBodySchema,
  userCategoriesQuerySchema,
  userCategoriesResponseSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { clientPermissions } from '../../db/schema.js';
import { cached } from '../../db/table-changes.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import {
  findClientPermissionById,
  listClientPermissions,
  listUserCategories,
  toClientPermission,
} from './client-permissions.queries.js';

const MENU_TABLES = ['client_permissions', 'role_client_permissions', 'user_roles', 'roles'];

const notFound = () => new AppError('not_found', messages.notFound('Client permission'));

export function registerClientPermissionRoutes(app: FastifyInstance, { db }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['client-permissions'];

  r.get(
    apiRoutes.userCategories,
    {
      config: { access: 'optional' },
      schema: {
        summary: 'Menu entries of the caller',
        description: 'Without a token: the guest entries. Ordered by menu_order.',
        tags,
        querystring: userCategoriesQuerySchema,
        response: { 200: userCategoriesResponseSchema },
      },
    },
    // Read on every screen load: kept until a menu entry, a grant or a role assignment changes.
    async (request) => {
      const { user, query } = request;
      const audience = user ? (user.isAdmin ? 'admin' : user.id) : 'guest';
      const key = `${audience} ${query.page} ${query.limit} ${query.q ?? ''}`;
      return cached(db, 'menus', MENU_TABLES, key, async () => ({
        categories: await listUserCategories(db, user, query),
      }));
    },
  );

  r.get(
    apiRoutes.clientPermissions,
    {
      schema: {
        summary: 'List client permissions',
        tags,
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(clientPermissionSchema) },
      },
    },
    (request) => listClientPermissions(db, request.query),
  );

  r.get(
    `${apiRoutes.clientPermissions}/:id`,
    {
      schema: {
        summary: 'Get client permission',
        tags,
        params: idParamsSchema,
        response: { 200: clientPermissionSchema },
      },
    },
    async (request) => {
      const found = await findClientPermissionById(db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  r.post(
    apiRoutes.clientPermissions,
    {
      schema: {
        summary: 'Create client permission',
        tags,
        body: createClientPermissionBodySchema,
        response: { 201: clientPermissionSchema },
      },
    },
    async (request, reply) => {
      const { menu_order: menuOrder, ...rest } = request.body;
      const [row] = await db
        .insert(clientPermissions)
        .values({ id: newId(), ...rest, menuOrder })
        .returning();
      return reply.code(201).send(toClientPermission(row!));
    },
  );

  r.put(
    `${apiRoutes.clientPermissions}/:id`,
    {
      schema: {
        summary: 'Update client permission',
        tags,
        params: idParamsSchema,
        body: updateClientPermissionBodySchema,
        response: { 200: clientPermissionSchema },
      },
    },
    async (request) => {
      const { menu_order: menuOrder, ...rest } = request.body;
      const [row] = await db
        .update(clientPermissions)
        .set({ ...rest, menuOrder })
        .where(eq(clientPermissions.id, request.params.id))
        .returning();
      if (!row) throw notFound();
      return toClientPermission(row);
    },
  );

  r.delete(
    `${apiRoutes.clientPermissions}/:id`,
    {
      schema: {
        summary: 'Delete client permission',
        tags,
        params: idParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      const deleted = await db
        .delete(clientPermissions)
        .where(eq(clientPermissions.id, request.params.id))
        .returning({ id: clientPermissions.id });
      if (deleted.length === 0) throw notFound();
      return { _id: request.params.id };
    },
  );
}
