import { z } from 'zod';
import { messages } from '../messages.js';
import { booleanParam, sortParam } from '../list-params.js';
import { listQuerySchema } from '../pagination.js';
import { idSchema, optionalText, requiredText } from './common.js';

export const ROLE_TYPES = ['admin', 'user', 'guest', 'custom'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

const refSchema = z.object({ _id: z.string(), name: z.string() });

export const roleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(ROLE_TYPES),
  description: z.string().nullable(),
  permission: z.array(z.string()),
  clientPermission: z.array(z.string()),
  permissions: z.array(refSchema.extend({ method: z.string(), route: z.string() })),
  clientPermissions: z.array(refSchema.extend({ path: z.string() })),
  createdAt: z.string(),
  /** The version a form sends back in `If-Match`, so a change saved meanwhile is not overwritten. */
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

const idList = (label: string) =>
  z
    .array(idSchema, { error: () => messages.notIdList(label) })
    .max(10000, `${label} has too many entries`)
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]);

export const createRoleBodySchema = z.object({
  name: requiredText('Name', 100),
  description: optionalText('Description', 500),
  permission: idList('Permission'),
  clientPermission: idList('Client permission'),
});
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;
export const updateRoleBodySchema = createRoleBodySchema;
export type UpdateRoleBody = CreateRoleBody;

export const ROLE_SORT_FIELDS = ['name', 'createdAt'] as const;
/**
 * Roles by name unless `sort` says otherwise; q matches the name; `grantable=true` keeps the roles
 * the reader may give (every role for an administrator).
 */
export const roleListQuerySchema = listQuerySchema.extend({
  sort: sortParam(ROLE_SORT_FIELDS, 'name'),
  grantable: booleanParam('Grantable'),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;
