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
 * The same headers for every answer, worked out once. Scripts only from this origin: the token in
 * localStorage must never meet injected script (Google's sign-in script only when it is on).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { googleSignIn: boolean }) {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.googleSignIn),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The old XSS filters of browsers could be abused; 0 turns them off.
    'x-xss-protection': '0',
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // API answers carry tokens and personal data: kept by no cache unless a route says otherwise
    // (public documents set their own).
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
