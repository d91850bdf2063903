import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { headOf } from './clip.js';

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

/** Characters no file name may hold on some system, and runs of spaces: one dash each. */
const UNFIT_IN_FILE_NAMES = /[\p{Cc}/\\:*?"<>|\s]+/gu;

/**
 * Sends a CSV file for download, named after its list, what it is about (an event's title) when
 * it is about one thing, and today's date. That name in full is in `filename*` (RFC 6266, UTF-8);
 * `filename` has it without what it is about, for clients that read only ASCII.
 */
export function sendCsv(reply: FastifyReply, list: string, file: Readable, about?: string) {
  const date = new Date().toISOString().slice(0, 10);
  const topic = about && headOf(about.replace(UNFIT_IN_FILE_NAMES, '-').replace(/^-|-$/g, ''), 60);
  const full = topic ? `; filename*=UTF-8''${encodeURIComponent(`${list}-${topic}-${date}.csv`)}` : '';
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${list}-${date}.csv"${full}`)
    .send(file);
}
