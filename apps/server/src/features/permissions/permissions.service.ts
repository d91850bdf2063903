import { messages, type CreatePermissionBody, type Permission } from '@community/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { deletePermissionRow, insertPermission, updatePermissionRow } from './permissions.queries.js';

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

export const createPermission = (db: Db, body: CreatePermissionBody): Promise<Permission> =>
  uniquely(() => insertPermission(db, body));

export async function updatePermission(db: Db, id: string, body: CreatePermissionBody): Promise<Permission> {
  const updated = await uniquely(() => updatePermissionRow(db, id, body));
  if (!updated) throw notFound();
  return updated;
}

export async function deletePermission(db: Db, id: string): Promise<void> {
  if (!(await deletePermissionRow(db, id))) throw notFound();
}
