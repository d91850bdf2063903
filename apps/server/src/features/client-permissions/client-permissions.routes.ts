import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  clientPermissionSchema,
  createClientPermissionBodySchema,
  deletedSchema,
  idParamsSchema,
  clientPermissionListQuerySchema,
  listResponseSchema,
  messages,
  updateClientPermissionBodySchema,
  localizeMenuName,
  userCategoriesQuerySchema,
  userCategoriesResponseSchema,
} from '@community/shared';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { contextOf } from '../../lib/request-context.js';
import { findClientPermissionById, listClientPermissions, readUserCategories } from './client-permissions.queries.js';
import { createMenuEntry, deleteMenuEntry, updateMenuEntry } from './client-permissions.service.js';

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
        description:
          "Without a token: the guest entries. Ordered by menu_order; the product's own entries are named in the reader's language (Accept-Language).",
        tags,
        querystring: userCategoriesQuerySchema,
        response: { 200: userCategoriesResponseSchema },
      },
    },
    async (request) => {
      const menu = await readUserCategories(db, request.user, request.query, request.language);
      // The kept answer serves English readers as it is; Greek readers get the names in Greek.
      if (request.language !== 'el') return menu;
      return { categories: menu.categories.map((entry) => ({ ...entry, name: localizeMenuName(entry.name, 'el') })) };
    },
  );

  r.get(
    apiRoutes.clientPermissions,
    {
      schema: {
        summary: 'List client permissions',
        tags,
        querystring: clientPermissionListQuerySchema,
        response: { 200: listResponseSchema(clientPermissionSchema) },
      },
    },
    (request) => listClientPermissions(db, request.query, request.language, request.user),
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
    async (request, reply) => reply.code(201).send(await createMenuEntry(db, contextOf(request), request.body)),
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
    (request) => updateMenuEntry(db, contextOf(request), request.params.id, request.body),
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
      await deleteMenuEntry(db, contextOf(request), request.params.id);
      return { _id: request.params.id };
    },
  );
}
