import { z } from 'zod';
import { messages } from './messages.js';

/**
 * `sort=field` or `sort=-field` (descending), from the fields a list allows; anything else is a
 * 400 naming what is allowed. Answers the field and the direction.
 */
export function sortParam<const F extends string>(fields: readonly F[], fallback: `${'-' | ''}${NoInfer<F>}`) {
  const allowed = fields.flatMap((field) => [field, `-${field}`]);
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const chosen = value?.trim() || fallback;
      if (!allowed.includes(chosen)) {
        context.addIssue({ code: 'custom', message: messages.sortUnknown(allowed.join(', ')) });
        return z.NEVER;
      }
      const isDescending = chosen.startsWith('-');
      return { field: (isDescending ? chosen.slice(1) : chosen) as F, isDescending };
    });
}

/** An ISO 8601 date (`2026-01-31`) or date-time; a date alone means its first instant (UTC). */
export const dateParam = (label: string) =>
  z
    .string()
    .max(40, { error: messages.notDate(label), abort: true })
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const isIso = z.iso.date().safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success;
      const date = new Date(value);
      if (!isIso || Number.isNaN(date.getTime())) {
        context.addIssue({ code: 'custom', message: messages.notDate(label) });
        return z.NEVER;
      }
      return date;
    });

/** `true` or `false`, as a filter. */
export const booleanParam = (label: string) =>
  z
    .enum(['true', 'false'], { error: () => messages.notBoolean(label) })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));

/** The id of a record, as a filter. */
export const idParam = (label: string) => z.uuid({ error: () => messages.notId(label) }).optional();
