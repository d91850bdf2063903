import { and, eq, inArray } from 'drizzle-orm';
import { messages, type CreateRoleBody, type Role } from '@community/shared';
import type { Db } from '../../db/client.js';
import {
  clientPermissions,
  permissions,
  roleClientPermissions,
  rolePermissions,
  roles,
  userRoles,
} from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { AuthUser } from '../../plugins/access.js';
import { findRoleById } from './roles.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('Role'));
const nameTaken = () => new AppError('conflict', 'A role with this name already exists.');

async function assertReferencesExist(tx: Db, body: CreateRoleBody) {
  if (body.permission.length > 0) {
    const found = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.id, body.permission));
    if (found.length !== body.permission.length)
      throw new AppError('bad_request', 'Permission list holds an unknown permission.');
  }
  if (body.clientPermission.length > 0) {
    const found = await tx
      .select({ id: clientPermissions.id })
      .from(clientPermissions)
      .where(inArray(clientPermissions.id, body.clientPermission));
    if (found.length !== body.clientPermission.length) {
      throw new AppError('bad_request', 'Client permission list holds an unknown client permission.');
    }
  }
}

/** Someone who is not an administrator can only hand out the permissions they hold themselves. */
async function assertWithinOwnGrants(tx: Db, actor: AuthUser, permissionIds: string[]) {
  if (actor.isAdmin || permissionIds.length === 0) return;
  const held = await tx
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(and(eq(userRoles.userId, actor.id), inArray(rolePermissions.permissionId, permissionIds)));
  if (held.length !== permissionIds.length) throw new AppError('forbidden', messages.forbidden);
}

async function replaceGrants(tx: Db, roleId: string, body: CreateRoleBody) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  await tx.delete(roleClientPermissions).where(eq(roleClientPermissions.roleId, roleId));
  if (body.permission.length > 0) {
    await tx.insert(rolePermissions).values(body.permission.map((permissionId) => ({ roleId, permissionId })));
  }
  if (body.clientPermission.length > 0) {
    await tx
      .insert(roleClientPermissions)
      .values(body.clientPermission.map((clientPermissionId) => ({ roleId, clientPermissionId })));
  }
}

export async function createRole(db: Db, actor: AuthUser, body: CreateRoleBody): Promise<Role> {
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      await assertReferencesExist(tx, body);
      await assertWithinOwnGrants(tx, actor, body.permission);
      await tx.insert(roles).values({ id, name: body.name, description: body.description, type: 'custom' });
      await replaceGrants(tx, id, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return (await findRoleById(db, id))!;
}

export async function updateRole(db: Db, actor: AuthUser, id: string, body: CreateRoleBody): Promise<Role> {
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
      if (!current) throw notFound();
      if (current.type === 'admin' && !actor.isAdmin) throw new AppError('forbidden', messages.adminOnly);
      await assertReferencesExist(tx, body);
      await assertWithinOwnGrants(tx, actor, body.permission);
      // The type is fixed at seeding: no request changes it.
      await tx.update(roles).set({ name: body.name, description: body.description }).where(eq(roles.id, id));
      await replaceGrants(tx, id, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return (await findRoleById(db, id))!;
}

/** Seeded roles (admin, user, guest) stay; only roles made here can go, and none of them confers admin. */
export async function deleteRole(db: Db, id: string): Promise<void> {
  const [current] = await db.select({ type: roles.type }).from(roles).where(eq(roles.id, id));
  if (!current) throw notFound();
  if (current.type !== 'custom') throw new AppError('conflict', messages.roleTypeFixed);
  await db.delete(roles).where(eq(roles.id, id));
}
