import { z } from 'zod';
import { messages } from '../messages.js';
import { booleanParam } from '../list-params.js';
import { listQuerySchema } from '../pagination.js';
import { isSitePath } from '../site-path.js';
import { booleanField, optionalText, requiredText } from './common.js';

export const clientPermissionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  menu: z.string(),
  menu_order: z.number().int(),
  path: z.string(),
  description: z.string().nullable(),
  auth: z.boolean(),
  createdAt: z.string(),
});
export type ClientPermission = z.infer<typeof clientPermissionSchema>;

export const createClientPermissionBodySchema = z.object({
  name: requiredText('Name', 100),
  menu: requiredText('Menu', 50),
  menu_order: z.coerce
    .number({ error: () => messages.menuOrderNumber })
    .int(messages.menuOrderWhole)
    .min(0, messages.menuOrderMin)
    .max(100000, messages.menuOrderMax),
  path: requiredText('Path', 300)
    .refine((value) => value.startsWith('/'), { error: messages.mustStartWithSlash('Path'), abort: true })
    .refine(isSitePath, messages.pathOffSite),
  description: optionalText('Description', 500),
  auth: booleanField('Auth').default(true),
});
export type CreateClientPermissionBody = z.infer<typeof createClientPermissionBodySchema>;
export const updateClientPermissionBodySchema = createClientPermissionBodySchema;
export type UpdateClientPermissionBody = CreateClientPermissionBody;

/** Menu entries by menu order; q matches the name; `grantable=true` keeps those the reader may put on a role. */
export const clientPermissionListQuerySchema = listQuerySchema.extend({ grantable: booleanParam('Grantable') });
export type ClientPermissionListQuery = z.infer<typeof clientPermissionListQuerySchema>;

export const userCategoriesResponseSchema = z.object({
  categories: z.array(clientPermissionSchema),
});
export type UserCategoriesResponse = z.infer<typeof userCategoriesResponseSchema>;
