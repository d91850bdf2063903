export type EntryRow = { id: number; key: string; value: string };

let nextId = 0;
export const newRow = (key = '', value = ''): EntryRow => ({ id: nextId++, key, value });

/** Rows in key order: the database keeps JSON keys in an order of its own. */
export const toRows = (entries: Record<string, string>): EntryRow[] =>
  Object.entries(entries)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => newRow(key, value));

/** Blank keys are dropped; a later duplicate wins, as in JSON. */
export function toEntries(rows: EntryRow[]): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (key) entries[key] = row.value;
  }
  return entries;
}

/** Keys that more than one row has: only one of their texts could be stored. */
export function repeatedKeys(rows: EntryRow[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) continue;
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return repeated;
}

/** The same keys with the same texts, in any order. */
export function sameTexts(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && b[key] === a[key]);
}

/** The raw editor accepts only an object of texts. */
export function parseEntries(raw: string): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries: Record<string, string> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value !== 'string') return null;
      entries[key] = value;
    }
    return entries;
  } catch {
    return null;
  }
}
