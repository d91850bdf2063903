import i18next, { type TFunction } from 'i18next';
import { DELETED_USER, dateTimeFormat, type AuditEvent } from '@community/shared';

type Change = [unknown, unknown];

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

/** Which keys a save touched, as a translations save records them: how many, and the first. */
type KeySummary = { count: number; keys: string[] };
const isKeySummary = (value: unknown): value is KeySummary =>
  typeof value === 'object' && value !== null && 'count' in value && 'keys' in value && isList(value.keys);

/** A moment as the server records it (an event's start), read as the When column reads. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;
const showMoment = (iso: string) =>
  dateTimeFormat(i18next.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Fields whose values are words of the product rather than a person's input: read in the screen's language. */
const WORDED_FIELDS = new Set(['status', 'factor']);

/**
 * Fields an entry records as a fact of what happened (the factor a failed answer used, how many
 * sessions ended), not as a value that changed: "factor: authenticator app", not "factor set to totp".
 */
const FACT_FIELDS = new Set(['factor', 'reason', 'revoked', 'created', 'bytes', 'sessionsEnded', 'copyOf']);

/** A value as a person reads it: lists and keys joined, nothing as a dash, a status in words. */
export function showValue(t: TFunction, value: unknown, field?: string): string {
  if (value === null || value === undefined || value === '') return '–';
  if (isList(value)) return value.length ? value.map(String).join(', ') : '–';
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (typeof value === 'string' && field && WORDED_FIELDS.has(field))
    return t(`audit.values.${field}.${value}`, { defaultValue: value });
  if (typeof value === 'string' && MOMENT.test(value)) return showMoment(value);
  if (typeof value === 'string') return named(t, value);
  if (isKeySummary(value)) {
    const more = value.count - value.keys.length;
    return more > 0 ? `${value.keys.join(', ')} ${t('audit.moreChanges', { count: more })}` : value.keys.join(', ');
  }
  return JSON.stringify(value);
}

/** A field's name in the screen's language; a field without a name there reads as recorded. */
export const fieldName = (t: TFunction, field: string): string => t(`audit.fields.${field}`, { defaultValue: field });

/**
 * One change in words: what a list gained and lost, a secret that changed, a value before and
 * after, the keys a translations save touched. "added GET /api/auth/users", "name: Anna → Maria",
 * "changed: home.intro".
 */
export function describeChange(t: TFunction, recorded: string, [before, after]: Change): string {
  const field = fieldName(t, recorded);
  if (before === '[redacted]') return t('audit.change.secret', { field });
  if (isList(before) || isList(after)) {
    const was = new Set((isList(before) ? before : []).map(String));
    const is = new Set((isList(after) ? after : []).map(String));
    const added = [...is].filter((item) => !was.has(item));
    const removed = [...was].filter((item) => !is.has(item));
    return [
      added.length ? t('audit.change.added', { field, items: added.join(', ') }) : '',
      removed.length ? t('audit.change.removed', { field, items: removed.join(', ') }) : '',
    ]
      .filter(Boolean)
      .join('; ');
  }
  if (isKeySummary(after)) return t('audit.change.keys', { field, keys: showValue(t, after) });
  const show = (value: unknown) => showValue(t, value, recorded);
  if (FACT_FIELDS.has(recorded) && (before === null || before === undefined))
    return t('audit.change.fact', { field, value: show(after) });
  if (before === null || before === undefined) return t('audit.change.set', { field, value: show(after) });
  if (after === null || after === undefined) return t('audit.change.cleared', { field, value: show(before) });
  return t('audit.change.changed', { field, before: show(before), after: show(after) });
}

/** A name the records hold, in words: "deleted user" in the screen's language. */
const named = (t: TFunction, name: string) => (name === DELETED_USER ? t('audit.deletedUser') : name);

/** Who did it, in words: their address, or "Someone" for a caller nobody knows. */
export const actorName = (t: TFunction, event: AuditEvent) =>
  event.actor?.email ? named(t, event.actor.email) : event.actor?._id ? t('audit.deletedUser') : t('audit.someone');

/** What it was done to, in words. */
const targetName = (t: TFunction, event: AuditEvent) =>
  event.target?.label ? named(t, event.target.label) : (event.target?._id ?? '');

/** "Maria changed the role Editors: added GET /api/auth/users" */
export function describeEntry(t: TFunction, event: AuditEvent, changesShown = 2): string {
  const sentence = t(`audit.actions.${event.action}`, {
    actor: actorName(t, event),
    target: targetName(t, event),
    defaultValue: `${actorName(t, event)}: ${event.action}`,
  });
  // Creations and deletions list every field: the sentence is enough there.
  const isWhole = event.action.endsWith('.create') || event.action.endsWith('.delete');
  const changes = isWhole ? [] : Object.entries(event.changes ?? {});
  const details = changes.slice(0, changesShown).map(([field, change]) => describeChange(t, field, change));
  if (changes.length > changesShown) details.push(t('audit.moreChanges', { count: changes.length - changesShown }));
  return details.length ? `${sentence}: ${details.join('; ')}` : sentence;
}
