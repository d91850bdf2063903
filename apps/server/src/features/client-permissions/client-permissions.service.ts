import { messages, type ClientPermission, type CreateClientPermissionBody } from '@community/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestContext } from '../../lib/request-context.js';
import { changesBetween, recordAudit } from '../audit/audit.queries.js';
import {
  deleteClientPermission,
  findClientPermissionById,
  insertClientPermission,
  updateClientPermission,
} from './client-permissions.queries.js';

const notFound = () => new AppError('not_found', messages.notFound('Client permission'));

const audited = ({ name, menu, menu_order, path, description, auth }: ClientPermission) => ({
  name,
  menu,
  menu_order,
  path,
  description,
  auth,
});
const entryTarget = (entry: ClientPermission) => ({ type: 'client_permission', id: entry._id, label: entry.name });

export async function createMenuEntry(
  db: Db,
  context: RequestContext,
  body: CreateClientPermissionBody,
): Promise<ClientPermission> {
  return db.transaction(async (tx) => {
    const entry = await insertClientPermission(tx, body);
    await recordAudit(tx, context, {
      action: 'client_permission.create',
      target: entryTarget(entry),
      changes: changesBetween(null, audited(entry)),
    });
    return entry;
  });
}

export async function updateMenuEntry(
  db: Db,
  context: RequestContext,
  id: string,
  body: CreateClientPermissionBody,
): Promise<ClientPermission> {
  return db.transaction(async (tx) => {
    const before = await findClientPermissionById(tx, id);
    const entry = await updateClientPermission(tx, id, body);
    if (!before || !entry) throw notFound();
    await recordAudit(tx, context, {
      action: 'client_permission.update',
      target: entryTarget(entry),
      changes: changesBetween(audited(before), audited(entry)),
    });
    return entry;
  });
}

export async function deleteMenuEntry(db: Db, context: RequestContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await findClientPermissionById(tx, id);
    if (!entry || !(await deleteClientPermission(tx, id))) throw notFound();
    await recordAudit(tx, context, {
      action: 'client_permission.delete',
      target: entryTarget(entry),
      changes: changesBetween(audited(entry), null),
    });
  });
}
