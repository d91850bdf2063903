import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's headers for these options, worked out once: they are the same for every answer. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** Scripts only from this origin: the token in localStorage must never meet injected script. */
export function registerSecurityHeaders(app: FastifyInstance, options: { googleSignIn: boolean }) {
  const google = options.googleSignIn ? ['https://accounts.google.com/gsi/client'] : [];
  const googleFrames = options.googleSignIn ? ['https://accounts.google.com/gsi/'] : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: [
          "'self'",
          "'unsafe-inline'",
          ...(options.googleSignIn ? ['https://accounts.google.com/gsi/style'] : []),
        ],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.googleSignIn ? ['https://accounts.google.com/gsi/'] : [])],
        frameSrc: ['https://calendar.google.com', ...googleFrames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over TLS; the proxy in front decides when that is.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
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
