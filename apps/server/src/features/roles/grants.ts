import { and, eq, inArray, isNull, ne, not, notExists, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '@community/shared';
import type { Db } from '../../db/client.js';
import {
  clientPermissions,
  invites,
  permissions,
  roleClientPermissions,
  rolePermissions,
  roles,
  userRoles,
} from '../../db/schema.js';
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

/** The permissions the person's roles hold, as a subquery. */
const permissionsHeldBy = (userId: string) =>
  sql`(select ${rolePermissions.permissionId} from ${rolePermissions}
      inner join ${userRoles} on ${userRoles.roleId} = ${rolePermissions.roleId}
      where ${userRoles.userId} = ${userId}::uuid)`;

/** The menu entries the person's roles show, as a subquery. */
const menuEntriesShownTo = (userId: string) =>
  sql`(select ${roleClientPermissions.clientPermissionId} from ${roleClientPermissions}
      inner join ${userRoles} on ${userRoles.roleId} = ${roleClientPermissions.roleId}
      where ${userRoles.userId} = ${userId}::uuid)`;

/** No bound for an administrator; nothing for a visitor (a list made public); else `bound`. */
const boundFor = (actor: AuthUser | null, bound: (userId: string) => SQL | undefined): SQL | undefined =>
  !actor ? sql`false` : actor.isAdmin ? undefined : bound(actor.id);

/**
 * What someone who is no administrator may put on a role, give, or name in an invite, as filters
 * of the permissions, menu entries and roles: the pickers offer what these allow, and every change
 * is refused beyond them.
 */
export const grantable = {
  /** Their roles' own permissions. */
  permissions: (actor: AuthUser | null) =>
    boundFor(actor, (userId) => inArray(permissions.id, permissionsHeldBy(userId))),
  /** The entries their roles show, and those every visitor sees. */
  menuEntries: (actor: AuthUser | null) =>
    boundFor(actor, (userId) =>
      or(eq(clientPermissions.auth, false), inArray(clientPermissions.id, menuEntriesShownTo(userId))),
    ),
  /** Roles that are no administrator role and hold none of the permissions they do not. */
  roles: (actor: AuthUser | null) =>
    boundFor(actor, (userId) =>
      and(
        ne(roles.type, 'admin'),
        notExists(
          sql`(select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id}
              and ${rolePermissions.permissionId} not in ${permissionsHeldBy(userId)})`,
        ),
      ),
    ),
};

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
  const bound = grantable.permissions(actor);
  if (!bound || permissionIds.length === 0) return;
  const held = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(inArray(permissions.id, permissionIds), bound));
  if (held.length !== new Set(permissionIds).size) throw new AppError('forbidden', message);
}

/**
 * Nor does anyone but an administrator put on a role a menu entry their own roles do not show: the
 * entries shown to visitors (no sign-in) are everyone's. Refuses with `beyondOwnMenu` otherwise.
 */
export async function assertMenuWithinOwn(tx: Db, actor: AuthUser, entryIds: string[]): Promise<void> {
  const bound = grantable.menuEntries(actor);
  if (!bound || entryIds.length === 0) return;
  const beyond = await tx
    .select({ id: clientPermissions.id })
    .from(clientPermissions)
    .where(and(inArray(clientPermissions.id, entryIds), not(bound)))
    .limit(1);
  if (beyond.length > 0) throw new AppError('forbidden', messages.beyondOwnMenu);
}

/**
 * Of `roleIds`, the roles the actor could not give: an administrator role, or one holding a
 * permission the actor does not. None for an administrator.
 */
export async function rolesBeyondGrants(tx: Db, actor: AuthUser, roleIds: string[]): Promise<Set<string>> {
  const bound = grantable.roles(actor);
  if (!bound || roleIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), not(bound)));
  return new Set(rows.map((row) => row.id));
}

/** The seeded User role: what an invite naming no role gives. */
export async function userRoleId(tx: Db): Promise<string> {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.type, 'user')).limit(1);
  if (!role) throw new Error('the seeded User role is missing');
  return role.id;
}

/**
 * The roles people hold, and those a registration of theirs still waiting (for its address or for
 * approval) is to give them: whoever would set the password of someone about to become an
 * administrator would hold that administrator's account once it is approved.
 */
async function rolesHeldOrAwaited(tx: Db, userIds: string[]) {
  const held = await tx
    .select({ userId: userRoles.userId, roleId: roles.id, type: roles.type })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds));
  const awaited = await tx
    .select({ userId: invites.userId, roleId: roles.id, type: roles.type })
    .from(invites)
    .innerJoin(roles, or(eq(roles.id, invites.roleId), and(isNull(invites.roleId), eq(roles.type, 'user'))))
    .where(and(inArray(invites.userId, userIds), inArray(invites.status, ['confirming', 'submitted'])));
  return [...held, ...awaited.map((row) => ({ ...row, userId: row.userId! }))];
}

/**
 * Of `userIds`, the people a reader who is not an administrator could not change, and why: an
 * administrator, or someone holding a role beyond the reader's grants; a role a registration of
 * theirs awaits counts as held. None for an administrator.
 */
export async function peopleBeyondGrants(
  tx: Db,
  reader: AuthUser,
  userIds: string[],
): Promise<Map<string, 'admin' | 'grants'>> {
  const people = new Map<string, 'admin' | 'grants'>();
  if (reader.isAdmin || userIds.length === 0) return people;
  const held = await rolesHeldOrAwaited(tx, userIds);
  const beyond = await rolesBeyondGrants(tx, reader, [...new Set(held.map((row) => row.roleId))]);
  for (const { userId, roleId, type } of held) {
    if (type === 'admin') people.set(userId, 'admin');
    else if (beyond.has(roleId) && !people.has(userId)) people.set(userId, 'grants');
  }
  return people;
}
