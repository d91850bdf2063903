import { eq, inArray } from 'drizzle-orm';
import { messages, type CreateRoleBody, type Role } from '@community/shared';
import type { Db } from '../../db/client.js';
import { clientPermissions, permissions, roleClientPermissions, rolePermissions, roles } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { assertUnchangedSince } from '../../lib/if-match.js';
import { newId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { SignedInContext } from '../../lib/request-context.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import { assertMenuWithinOwn, assertWithinOwnGrants, permissionsOfRoles } from './grants.js';
import { findRoleById } from './roles.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('Role'));
const nameTaken = () => new AppError('conflict', messages.roleNameTaken);

async function assertReferencesExist(tx: Db, body: CreateRoleBody) {
  if (body.permission.length > 0) {
    const found = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.id, body.permission));
    if (found.length !== body.permission.length) throw new AppError('bad_request', messages.unknownPermission);
  }
  if (body.clientPermission.length > 0) {
    const found = await tx
      .select({ id: clientPermissions.id })
      .from(clientPermissions)
      .where(inArray(clientPermissions.id, body.clientPermission));
    if (found.length !== body.clientPermission.length) {
      throw new AppError('bad_request', messages.unknownClientPermission);
    }
  }
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

/** What an audit entry shows of a role: its grants by method and route, its menu by name. */
const audited = (role: Role | undefined) =>
  role && {
    name: role.name,
    description: role.description,
    permissions: role.permissions.map((permission) => `${permission.method} ${permission.route}`),
    menu: role.clientPermissions.map((entry) => entry.name),
  };
const roleTarget = (id: string, name: string) => ({ type: 'role', id, label: name });

export async function createRole(db: Db, context: SignedInContext, body: CreateRoleBody): Promise<Role> {
  const id = newId();
  try {
    return await db.transaction(async (tx) => {
      await assertReferencesExist(tx, body);
      await assertWithinOwnGrants(tx, context.actor, body.permission, messages.beyondOwnGrantsRole);
      await assertMenuWithinOwn(tx, context.actor, body.clientPermission);
      await tx.insert(roles).values({ id, name: body.name, description: body.description, type: 'custom' });
      await replaceGrants(tx, id, body);
      const role = (await findRoleById(tx, id))!;
      await recordAudit(tx, context, {
        action: 'role.create',
        target: roleTarget(id, role.name),
        changes: changesBetween(null, audited(role)!),
      });
      return role;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateRole(
  db: Db,
  context: SignedInContext,
  id: string,
  body: CreateRoleBody,
  /** The version the change was made against (`If-Match`), when the caller says. */
  version?: string,
): Promise<Role> {
  const { actor } = context;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
      if (!current) throw notFound();
      if (current.type === 'admin' && !actor.isAdmin) throw new AppError('forbidden', messages.adminOnly);
      assertUnchangedSince(current.updatedAt.toISOString(), version);
      await assertReferencesExist(tx, body);
      // What the role holds now is touched as much as what it will hold.
      const held = await permissionsOfRoles(tx, [id]);
      await assertWithinOwnGrants(tx, actor, [...held, ...body.permission], messages.beyondOwnGrantsRole);
      const before = await findRoleById(tx, id);
      // Taking an entry off gives nobody anything: only those added are checked.
      const shown = new Set(before!.clientPermissions.map((entry) => entry._id));
      await assertMenuWithinOwn(
        tx,
        actor,
        body.clientPermission.filter((entryId) => !shown.has(entryId)),
      );
      // The type is fixed at seeding: no request changes it.
      await tx
        .update(roles)
        .set({ name: body.name, description: body.description, updatedAt: new Date() })
        .where(eq(roles.id, id));
      await replaceGrants(tx, id, body);
      const role = (await findRoleById(tx, id))!;
      await recordAudit(tx, context, {
        action: 'role.update',
        target: roleTarget(id, role.name),
        changes: changesBetween(audited(before)!, audited(role)!),
      });
      return role;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * Seeded roles (admin, user, guest) stay; only roles made here can go, and none of them confers
 * admin. Deleting a role takes its permissions from everyone holding it.
 */
export async function deleteRole(db: Db, context: SignedInContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ type: roles.type }).from(roles).where(eq(roles.id, id)).for('update');
    if (!current) throw notFound();
    if (current.type !== 'custom') throw new AppError('conflict', messages.roleTypeFixed);
    await assertWithinOwnGrants(tx, context.actor, await permissionsOfRoles(tx, [id]), messages.beyondOwnGrantsRole);
    const role = (await findRoleById(tx, id))!;
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAudit(tx, context, {
      action: 'role.delete',
      target: roleTarget(id, role.name),
      changes: changesBetween(audited(role)!, null),
    });
  });
}
