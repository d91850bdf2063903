import { Readable } from 'node:stream';

/** Spreadsheets run a cell that starts with one of these as a formula. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** One cell: formula-safe (a leading `'`), quoted as RFC 4180 asks when it must be. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
          ? String(value)
          : JSON.stringify(value);
  if (text.length > 0 && FORMULA_START.has(text[0]!)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

/**
 * A CSV file as a stream: a byte-order mark (so spreadsheets read UTF-8), the header, then each
 * batch of rows as `batches` yields it. Memory holds one batch at a time, whatever the total.
 */
export function csvStream<Row>(
  header: readonly string[],
  batches: AsyncIterable<Row[]>,
  toCells: (row: Row) => unknown[],
) {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const batch of batches) yield batch.map((row) => csvLine(toCells(row))).join('');
  }
  return Readable.from(lines());
}
