import { eq } from 'drizzle-orm';
import { messages, type CreateUserRoleBody, type UserRole } from '@community/shared';
import type { Db } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { SignedInContext } from '../../lib/request-context.js';
import type { AuthUser } from '../../plugins/access.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import { assertWithinOwnGrants, permissionsOfRoles } from '../roles/grants.js';
import { assertAnAdminRemains, isAdminUser, lockAdminChanges } from '../users/admin-guard.js';
import { findUserRoleById } from './user-roles.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('UserRole'));
const duplicate = () => new AppError('conflict', messages.roleAlreadyHeld);

/**
 * Outside the administrators, a role is given or taken only by someone holding every permission
 * it confers, and never to or from an administrator.
 */
async function assertMayTouch(tx: Db, actor: AuthUser, assignment: { userId: string; roleId: string }) {
  if (actor.isAdmin) return;
  if (await isAdminUser(tx, assignment.userId)) throw new AppError('forbidden', messages.adminOnly);
  const conferred = await permissionsOfRoles(tx, [assignment.roleId]);
  await assertWithinOwnGrants(tx, actor, conferred, messages.beyondOwnGrantsAssignment);
}

async function checkAssignment(tx: Db, actor: AuthUser, body: CreateUserRoleBody) {
  const [user] = await tx
    .select({ confirmed: users.confirmed, blocked: users.blocked })
    .from(users)
    .where(eq(users.id, body.user));
  if (!user) throw new AppError('not_found', messages.notFound('User'));
  if (!user.confirmed || user.blocked) {
    throw new AppError('bad_request', messages.roleNeedsActiveUser);
  }
  const [role] = await tx.select({ type: roles.type }).from(roles).where(eq(roles.id, body.role));
  if (!role) throw new AppError('not_found', messages.notFound('Role'));
  if (role.type === 'admin' && !actor.isAdmin) throw new AppError('forbidden', messages.adminOnly);
  await assertMayTouch(tx, actor, { userId: body.user, roleId: body.role });
}

async function assertMayChange(tx: Db, actor: AuthUser, id: string) {
  const [current] = await tx
    .select({ type: roles.type, userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.id, id));
  if (!current) throw notFound();
  if (current.type === 'admin' && !actor.isAdmin) throw new AppError('forbidden', messages.adminOnly);
  await assertMayTouch(tx, actor, current);
}

/** What an audit entry shows of an assignment: whose, and which role. */
const audited = (assignment: UserRole | undefined) =>
  assignment && { user: assignment.user.email, role: assignment.role.name };
const assignmentTarget = (assignment: UserRole) => ({
  type: 'user_role',
  id: assignment._id,
  label: `${assignment.user.email}: ${assignment.role.name}`,
});

export async function createUserRole(db: Db, context: SignedInContext, body: CreateUserRoleBody): Promise<UserRole> {
  const id = newId();
  try {
    return await db.transaction(async (tx) => {
      // Serialised with every admin change, so whether the user is an administrator cannot change meanwhile.
      await lockAdminChanges(tx);
      await checkAssignment(tx, context.actor, body);
      await tx.insert(userRoles).values({ id, userId: body.user, roleId: body.role });
      const assignment = (await findUserRoleById(tx, id))!;
      await recordAudit(tx, context, {
        action: 'user_role.create',
        target: assignmentTarget(assignment),
        changes: changesBetween(null, audited(assignment)!),
      });
      return assignment;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateUserRole(
  db: Db,
  context: SignedInContext,
  id: string,
  body: CreateUserRoleBody,
): Promise<UserRole> {
  try {
    return await db.transaction(async (tx) => {
      await lockAdminChanges(tx);
      await assertMayChange(tx, context.actor, id);
      await checkAssignment(tx, context.actor, body);
      const before = await findUserRoleById(tx, id);
      await tx.update(userRoles).set({ userId: body.user, roleId: body.role }).where(eq(userRoles.id, id));
      await assertAnAdminRemains(tx);
      const assignment = (await findUserRoleById(tx, id))!;
      await recordAudit(tx, context, {
        action: 'user_role.update',
        target: assignmentTarget(assignment),
        changes: changesBetween(audited(before)!, audited(assignment)!),
      });
      return assignment;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function deleteUserRole(db: Db, context: SignedInContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    await assertMayChange(tx, context.actor, id);
    const assignment = (await findUserRoleById(tx, id))!;
    await tx.delete(userRoles).where(eq(userRoles.id, id));
    await assertAnAdminRemains(tx);
    await recordAudit(tx, context, {
      action: 'user_role.delete',
      target: assignmentTarget(assignment),
      changes: changesBetween(audited(assignment)!, null),
    });
  });
}
