import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rolePermissions, userRoles } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../plugins/access.js';

/** The permissions that the given roles hold, each once. */
export async function permissionsOfRoles(tx: Db, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((row) => row.id);
}

/** The permissions a user holds through all of their roles, each once. */
export async function permissionsOfUser(tx: Db, userId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Nobody but an administrator gives, changes or takes away more than they hold themselves: every
 * permission in `permissionIds` must be one of the actor's own. Refuses with `message` otherwise.
 */
export async function assertWithinOwnGrants(
  tx: Db,
  actor: AuthUser,
  permissionIds: string[],
  message: string,
): Promise<void> {
  if (actor.isAdmin || permissionIds.length === 0) return;
  const held = await tx
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(and(eq(userRoles.userId, actor.id), inArray(rolePermissions.permissionId, permissionIds)));
  if (held.length !== new Set(permissionIds).size) throw new AppError('forbidden', message);
}
