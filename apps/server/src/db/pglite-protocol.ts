/** What the server's thread and the PGlite thread say to each other (pglite-thread.ts, pglite-worker.ts). */

export type QueryRequest = {
  op: 'query';
  id: number;
  text: string;
  params: unknown[];
  rowMode?: 'array' | 'object';
  /** Columns of these types come back as their text; the caller's own parsers read them. */
  textTypes: number[];
  /** The open transaction it belongs to, if any. */
  tx?: number;
};

export type Request =
  | QueryRequest
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number };

/** An error as plain data: its message and the SQLSTATE fields a PostgreSQL error carries. */
export type ErrorData = { message: string } & Record<string, string | number | boolean>;

export type Reply =
  | { id: number; value?: unknown; error?: undefined }
  | { id: number; error: ErrorData }
  | { notify: string; payload: string };

/** The first message of the PGlite thread, sent once the engine is open (or could not be). */
export const OPENED = 0;

export function errorData(error: unknown): ErrorData {
  const data: ErrorData = { message: error instanceof Error ? error.message : String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      // PGlite hangs the query's options (parsers, functions) on its errors: only plain fields cross.
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') data[key] = value;
    }
  }
  return data;
}

export function errorFrom(data: ErrorData): Error {
  return Object.assign(new Error(data.message), data);
}
