import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy, directive by directive. */
function contentSecurityPolicy(googleSignIn: boolean): string {
  const google = (path: string) => (googleSignIn ? [`https://accounts.google.com/gsi/${path}`] : []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...google('client')]],
    ['style-src', ["'self'", "'unsafe-inline'", ...google('style')]],
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...google('')]],
    ['frame-src', ['https://calendar.google.com', ...google('')]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join(';');
}

/**
 * What an answer of data (JSON, CSV, the published texts) allows when opened as a document:
 * nothing loads from it and nothing frames it. Shorter than the pages' policy, and stricter.
 */
const DATA_POLICY = "default-src 'none';frame-ancestors 'none'";

/** The API and the published texts answer with data; everything else is what the web app serves. */
const isData = (url: string) => url.startsWith('/api/') || url.startsWith('/locales/');

/**
 * The same headers for every answer, worked out once. Scripts only from this origin: the token in
 * localStorage must never meet injected script (Google's sign-in script only when it is on).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { googleSignIn: boolean }) {
  const common: Record<string, string> = {
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
  };
  // What only a document reads: its opener, its agent cluster, prefetching of its links, the
  // old XSS filters of browsers (which could be abused; 0 turns them off), IE's download prompt.
  const pageHeaders: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.googleSignIn),
    ...common,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-xss-protection': '0',
  };
  const dataHeaders: Record<string, string> = { 'content-security-policy': DATA_POLICY, ...common };
  app.addHook('onRequest', async (request, reply) => {
    const data = isData(request.url);
    reply.headers(data ? dataHeaders : pageHeaders);
    // API answers carry tokens and personal data: kept by no cache unless a route says otherwise
    // (public documents set their own).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
