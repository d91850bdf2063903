import { messages, type CreatePermissionBody, type Permission } from '@community/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { RegisteredRoute } from '../../plugins/access.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import {
  deletePermissionRow,
  findPermissionById,
  insertPermission,
  syncPermissions,
  updatePermissionRow,
} from './permissions.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('Permission'));
const duplicate = () => new AppError('conflict', messages.permissionTaken);

/** One permission per method and route: a second answers 409. */
async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

const audited = ({ name, description, method, route, auth }: Permission) => ({
  name,
  description,
  method,
  route,
  auth,
});
const permissionTarget = (permission: Permission) => ({
  type: 'permission',
  id: permission._id,
  label: `${permission.method} ${permission.route}`,
});

export const createPermission = (db: Db, context: RequestContext, body: CreatePermissionBody): Promise<Permission> =>
  uniquely(() =>
    db.transaction(async (tx) => {
      const permission = await insertPermission(tx, body);
      await recordAudit(tx, context, {
        action: 'permission.create',
        target: permissionTarget(permission),
        changes: changesBetween(null, audited(permission)),
      });
      return permission;
    }),
  );

export const updatePermission = (
  db: Db,
  context: RequestContext,
  id: string,
  body: CreatePermissionBody,
): Promise<Permission> =>
  uniquely(() =>
    db.transaction(async (tx) => {
      const before = await findPermissionById(tx, id);
      const permission = await updatePermissionRow(tx, id, body);
      if (!before || !permission) throw notFound();
      await recordAudit(tx, context, {
        action: 'permission.update',
        target: permissionTarget(permission),
        changes: changesBetween(audited(before), audited(permission)),
      });
      return permission;
    }),
  );

export async function deletePermission(db: Db, context: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const permission = await findPermissionById(tx, id);
    if (!permission || !(await deletePermissionRow(tx, id))) throw notFound();
    await recordAudit(tx, context, {
      action: 'permission.delete',
      target: permissionTarget(permission),
      changes: changesBetween(audited(permission), null),
    });
  });
}

/** Reinitiate Permissions: a row for every route that has none, and an entry saying how many. */
export async function reinitiatePermissions(
  db: Db,
  context: RequestContext,
  routes: RegisteredRoute[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const createdCount = await syncPermissions(tx, routes);
    await recordAudit(tx, context, { action: 'permission.sync', changes: { created: [null, createdCount] } });
    return createdCount;
  });
}
