import type { FastifyInstance } from 'fastify';
import { errorSchema } from '@community/shared';
import { accessOf } from './access.js';

/** What each failure means to a caller of the API, as the OpenAPI document says it. */
const MEANINGS = {
  400: 'The request is not valid; the sentence names the field.',
  401: 'No sign-in, or it has ended.',
  403: 'Signed in, but not allowed to do this.',
  404: 'No such record.',
  409: 'It conflicts with what is stored.',
  412: 'Changed by someone else since it was read: If-Match names an older version.',
  413: 'Too large.',
  415: 'Not a type this route takes.',
  429: 'Too many requests: Retry-After says when to try again.',
  503: 'Something it needs is unavailable: try again shortly.',
} as const;

export type ErrorStatus = keyof typeof MEANINGS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Failures a route answers beyond those its access level and input imply (409, 413, 429...). */
    errors?: readonly ErrorStatus[];
  }
}

/**
 * Every API route declares the `{ error }` answers it can give, so /api/docs lists them: 400 when
 * it validates input, 401 and 403 by its access level, 404 when it names a record, and the
 * route's own `config.errors`. Registered before the document is built, which reads them.
 */
export function registerErrorResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const access = accessOf(route.url, route.config?.access);
    const statuses = new Set<ErrorStatus>(route.config?.errors ?? []);
    if (route.schema?.body || route.schema?.querystring || route.schema?.params) statuses.add(400);
    if (access !== 'public') statuses.add(401);
    if (access === 'permission') statuses.add(403);
    if (route.url.includes('/:')) statuses.add(404);
    const declared = Object.fromEntries(
      [...statuses].sort().map((status) => [status, errorSchema.describe(MEANINGS[status])]),
    );
    route.schema = { ...route.schema, response: { ...declared, ...(route.schema?.response as object) } };
  });
}
