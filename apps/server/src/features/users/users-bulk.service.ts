import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { messages, type UserBulkBody } from '@community/shared';
import type { Db } from '../../db/client.js';
import { userRoles } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { eachOf } from '../../lib/bulk.js';
import { signedInContextOf, type SignedInContext } from '../../lib/request-context.js';
import type { MailQueue } from '../mail/mail-queue.js';
import { createUserRole, deleteUserRole } from '../user-roles/user-roles.service.js';
import { deleteUser, updateUser } from './users.service.js';

type Deps = { db: Db; mail: MailQueue };

/** Each action is the single-record change, so every guard rail and audit entry is the same. */
const ACTIONS: Record<
  UserBulkBody['action'],
  (deps: Deps, context: SignedInContext, id: string, roleId?: string) => Promise<unknown>
> = {
  block: (deps, context, id) => updateUser(deps, context, id, { blocked: true }),
  unblock: (deps, context, id) => updateUser(deps, context, id, { blocked: false }),
  confirm: (deps, context, id) => updateUser(deps, context, id, { confirmed: true }),
  delete: ({ db }, context, id) => deleteUser(db, context, id),
  'assign-role': ({ db }, context, id, roleId) => createUserRole(db, context, { user: id, role: roleId! }),
  'remove-role': async ({ db }, context, id, roleId) => {
    const [held] = await db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(and(eq(userRoles.userId, id), eq(userRoles.roleId, roleId!)));
    if (!held) throw new AppError('conflict', messages.bulkRoleNotHeld);
    await deleteUserRole(db, context, held.id);
  },
};

/** One action on many people: each the single change, refusals reported per person. */
export const applyUserBulk = (deps: Deps, request: FastifyRequest, body: UserBulkBody) =>
  eachOf(request, body.ids, (id) => ACTIONS[body.action](deps, signedInContextOf(request), id, body.roleId));
