import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { messages, type BulkResult, type UserBulkBody } from '@community/shared';
import type { Db } from '../../db/client.js';
import { userRoles } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedInContext } from '../../lib/request-context.js';
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

/**
 * One action on many people, one at a time, each in its own transaction: what one refuses (the
 * actor's own account, an administrator, the last administrator, someone already gone) is
 * reported and the others go ahead. A fault is reported for its id too, and logged, so the
 * answer always says what happened to every id.
 */
export async function applyUserBulk(
  deps: Deps,
  context: SignedInContext,
  body: UserBulkBody,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<BulkResult> {
  const act = ACTIONS[body.action];
  const result: BulkResult = { done: [], failed: [] };
  for (const id of new Set(body.ids)) {
    try {
      await act(deps, context, id, body.roleId);
      result.done.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) log.error({ err: error, id }, 'bulk action failed');
      result.failed.push({ _id: id, error: error instanceof AppError ? error.message : messages.unexpected });
    }
  }
  return result;
}
