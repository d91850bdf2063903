import i18next from 'i18next';
import { readAuthToken } from './auth-token';

/**
 * What a failure without a sentence of the server's carries: screens show their own fallback in
 * its place. Written here rather than taken from the shared catalogue, which would bring every
 * English message into the sign-in screen's first download for this one sentence.
 */
const NO_SENTENCE = 'An unexpected error occurred.';

/** A failed call: the server's `error` sentence, else the generic 'unexpected' one; status defaults to 500. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The request never got an answer (network down, server unreachable). */
    readonly isTransport = false,
  ) {
    super(message);
  }
}

const unauthorizedHandlers = new Set<() => void>();

/**
 * What a 401 answer does to the stored sign-in is the business of the feature that owns it: it
 * registers here, and every 401 calls it.
 */
export function onUnauthorized(handler: () => void) {
  unauthorizedHandlers.add(handler);
}

type Options = { body?: unknown; signal?: AbortSignal; form?: FormData; headers?: Record<string, string> };

async function send(method: string, path: string, options: Options): Promise<Response> {
  // The API answers its sentences in the interface's language.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18next.resolvedLanguage ?? 'el',
    ...options.headers,
  };
  const token = readAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined = options.form;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  try {
    const response = await fetch(path, { method, headers, body, signal: options.signal });
    sentWith.set(response, token);
    return response;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(NO_SENTENCE, 500, true);
  }
}

/** The token each answer's request carried. */
const sentWith = new WeakMap<Response, string | undefined>();

async function readAnswer<T>(response: Response): Promise<T> {
  const data = (await response.json().catch(() => undefined)) as { error?: string } | undefined;
  if (!response.ok) {
    // Only a refusal of the sign-in held now ends it: a request that left with the token a
    // password change has just replaced is refused, and must not sign the person out.
    const sent = sentWith.get(response);
    if (response.status === 401 && sent !== undefined && sent === readAuthToken())
      unauthorizedHandlers.forEach((handler) => handler());
    throw new ApiError(data?.error ?? NO_SENTENCE, response.status || 500);
  }
  return data as T;
}

/**
 * A change made against the version a form read (the record's `updatedAt`): the server refuses it
 * with 412 when someone else saved meanwhile, rather than let the form undo their change.
 */
export const ifMatch = (version: string | undefined): Record<string, string> =>
  version ? { 'if-match': `"${version}"` } : {};

export async function api<T>(method: string, path: string, options: Options = {}): Promise<T> {
  return readAnswer<T>(await send(method, path, options));
}

/**
 * Saves what a GET answers as a file (an export): the request carries the sign-in, which a plain
 * link could not.
 */
export async function download(path: string, fallbackName: string): Promise<void> {
  const response = await send('GET', path, {});
  if (!response.ok) await readAnswer(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  // The name in full (`filename*`, UTF-8) where the server gives one, else its ASCII form.
  const full = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const name = full ? decodeURIComponent(full) : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The last answer to each revalidated GET, with the validator the server gave it. */
const validated = new Map<string, { etag: string; data: unknown }>();

/**
 * A GET that asks the server whether its last answer still holds (If-None-Match): a 304 costs no
 * body. The server marks API answers no-store, so the browser keeps none: this is kept here.
 */
export async function getRevalidated<T>(path: string, signal?: AbortSignal): Promise<T> {
  const last = validated.get(path);
  const response = await send('GET', path, { signal, headers: last ? { 'if-none-match': last.etag } : {} });
  if (response.status === 304 && last) return last.data as T;
  const data = await readAnswer<T>(response);
  const etag = response.headers.get('etag');
  if (etag) validated.set(path, { etag, data });
  else validated.delete(path);
  return data;
}

/** Forgets every kept answer: the next reader may be someone else. */
export const forgetRevalidated = () => validated.clear();

/**
 * The message to show for anything thrown: the server's sentence, else the screen's fallback;
 * `transportFallback` when the request never reached the server, for screens that say that apart.
 */
export function getErrorMessage(error: unknown, fallback: string, transportFallback = fallback): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.isTransport) return transportFallback;
  return error.message === NO_SENTENCE ? fallback : error.message;
}
