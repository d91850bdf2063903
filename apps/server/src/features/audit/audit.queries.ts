import type { Db } from '../../db/client.js';
import { auditEvents } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { RequestContext } from '../../lib/request-context.js';

/** Shown in place of a secret's value, before and after. */
export const REDACTED = '[redacted]';

export type Changes = Record<string, [unknown, unknown]>;

export type AuditEvent = {
  /** Dotted: `user.update`, `auth.login.failure`, `permission.sync`, ... */
  action: string;
  target?: { type: string; id: string; label?: string | null };
  changes?: Changes | null;
  /** Whom it is about when nobody is signed in (a sign-in attempt names the address tried). */
  actor?: { id: string | null; email: string | null };
};

/**
 * One entry, in the caller's transaction: the change and its entry commit together or not at all.
 * The actor is the signed-in caller unless the event names one (sign-ins, registrations). An
 * update that changed nothing (a form saved as it was, a bulk confirm of someone confirmed) leaves
 * no entry.
 */
export async function recordAudit(tx: Db, context: RequestContext, event: AuditEvent): Promise<void> {
  const changedNothing = event.action.endsWith('.update') && Object.keys(event.changes ?? {}).length === 0;
  if (!changedNothing) await auditInsert(tx, context, event);
}

/** The insert of one entry, not yet run: for a change written in the same statement. */
export function auditInsert(tx: Db, context: RequestContext, event: AuditEvent) {
  const actor = event.actor ?? (context.actor ? { id: context.actor.id, email: context.actor.email } : null);
  return tx.insert(auditEvents).values({
    id: newId(),
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    targetLabel: event.target?.label ?? null,
    changes: event.changes && Object.keys(event.changes).length > 0 ? event.changes : null,
    ip: context.ip,
    userAgent: context.userAgent,
    requestId: context.requestId,
  });
}

/**
 * The fields whose value differs, as `{ field: [before, after] }`; `secrets` show only that they
 * changed. Lists compare as sets, in a stable order.
 */
export function changesBetween(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  secrets: readonly string[] = [],
): Changes {
  const changes: Changes = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const [was, is] = [normalize(before?.[field]), normalize(after?.[field])];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[field] = secrets.includes(field) ? [REDACTED, REDACTED] : [was, is];
  }
  return changes;
}

const normalize = (value: unknown): unknown => {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return (value as unknown[]).map(String).sort();
  return value;
};
