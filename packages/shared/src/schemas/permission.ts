import { z } from 'zod';
import { messages } from '../messages.js';
import { booleanParam, sortParam } from '../list-params.js';
import { listQuerySchema } from '../pagination.js';
import { booleanField, optionalText, requiredText } from './common.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const permissionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  method: z.enum(HTTP_METHODS),
  route: z.string(),
  auth: z.boolean(),
  createdAt: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

export const createPermissionBodySchema = z.object({
  name: requiredText('Name', 100),
  description: optionalText('Description', 500),
  method: z.enum(HTTP_METHODS, { error: () => messages.permissionMethod }),
  route: requiredText('Route', 300).refine((value) => value.startsWith('/'), messages.mustStartWithSlash('Route')),
  auth: booleanField('Auth').default(true),
});
export type CreatePermissionBody = z.infer<typeof createPermissionBodySchema>;
export const updatePermissionBodySchema = createPermissionBodySchema;
export type UpdatePermissionBody = CreatePermissionBody;

export const reinitiatePermissionsResponseSchema = z.object({ createdCount: z.number().int() });

/** The routes the signed-in person may call, each as "METHOD pattern" ("DELETE /api/auth/users/:id"). */
export const myPermissionsResponseSchema = z.object({ permissions: z.array(z.string()) });
export type MyPermissions = z.infer<typeof myPermissionsResponseSchema>;

export const PERMISSION_SORT_FIELDS = ['name', 'route', 'method'] as const;
/**
 * Permissions by route unless `sort` says otherwise; q matches the name or the route;
 * `grantable=true` keeps those the reader may put on a role (every one for an administrator).
 */
export const permissionListQuerySchema = listQuerySchema.extend({
  sort: sortParam(PERMISSION_SORT_FIELDS, 'route'),
  grantable: booleanParam('Grantable'),
});
export type PermissionListQuery = z.infer<typeof permissionListQuerySchema>;
