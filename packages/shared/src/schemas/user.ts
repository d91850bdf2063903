import { z } from 'zod';
import { booleanParam, dateParam, sortParam } from '../list-params.js';
import { messages } from '../messages.js';
import { apiRoutes } from '../api-routes.js';
import { bulkBodySchema, type ApiCall } from '../bulk.js';
import { listQuerySchema } from '../pagination.js';
import { booleanField, emailSchema, optionalPasswordSchema, passwordSchema, requiredText } from './common.js';

export const userSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  confirmed: z.boolean(),
  blocked: z.boolean(),
  /**
   * Whether the person signs in with a second factor (an authenticator app or a passkey); told
   * only to those who may reset it.
   */
  mfaEnabled: z.boolean().optional(),
  /**
   * Told to a reader who is not an administrator, of a person they may not change: `admin` an
   * administrator, `grants` someone holding permissions the reader does not.
   */
  beyondYou: z.enum(['admin', 'grants']).optional(),
  /** The version a form sends back in `If-Match`, so a change saved meanwhile is not overwritten. */
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const createUserBodySchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  password: passwordSchema,
  confirmed: booleanField('Confirmed').default(true),
  blocked: booleanField('Blocked').default(false),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

export const updateUserBodySchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  password: optionalPasswordSchema,
  confirmed: booleanField('Confirmed').optional(),
  blocked: booleanField('Blocked').optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const USER_SORT_FIELDS = ['createdAt', 'name', 'email'] as const;

/** The role filter's value for accounts that hold no role at all. */
export const NO_ROLE = 'none';
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/**
 * What the users list (and the profiles list, which shows the same people) shows: newest first
 * unless `sort` says otherwise; q matches name or email; `joinedTo` is excluded, as `to` is in
 * the audit log.
 */
export const userFiltersSchema = z.object({
  q: listQuerySchema.shape.q,
  sort: sortParam(USER_SORT_FIELDS, '-createdAt'),
  confirmed: booleanParam('Confirmed'),
  blocked: booleanParam('Blocked'),
  role: z
    .union([z.literal(NO_ROLE), z.uuid({ error: () => messages.notId('Role') })], {
      error: () => messages.notId('Role'),
    })
    .optional(),
  joinedFrom: dateParam('Joined from'),
  joinedTo: dateParam('Joined to'),
});
export type UserFilters = z.infer<typeof userFiltersSchema>;
export const userListQuerySchema = listQuerySchema.extend(userFiltersSchema.shape);
export type UserListQuery = z.infer<typeof userListQuerySchema>;
/** The same filters as the screen keeps them in its URL and sends them. */
export type UserListParams = z.input<typeof userListQuerySchema>;

export const USER_BULK_ACTIONS = ['block', 'unblock', 'confirm', 'delete', 'assign-role', 'remove-role'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];
/** The single-record call each action makes, whose permission it needs too. */
export const USER_BULK_ACTION_CALLS: Record<UserBulkAction, ApiCall> = {
  block: ['PUT', `${apiRoutes.users}/:id`],
  unblock: ['PUT', `${apiRoutes.users}/:id`],
  confirm: ['PUT', `${apiRoutes.users}/:id`],
  delete: ['DELETE', `${apiRoutes.users}/:id`],
  'assign-role': ['POST', apiRoutes.userRoles],
  'remove-role': ['DELETE', `${apiRoutes.userRoles}/:id`],
};

export const userBulkBodySchema = bulkBodySchema(USER_BULK_ACTIONS)
  .extend({ roleId: z.uuid({ error: () => messages.notId('Role') }).optional() })
  .refine((body) => body.roleId !== undefined || (body.action !== 'assign-role' && body.action !== 'remove-role'), {
    error: () => messages.bulkRoleRequired,
    path: ['roleId'],
  });
export type UserBulkBody = z.infer<typeof userBulkBodySchema>;
