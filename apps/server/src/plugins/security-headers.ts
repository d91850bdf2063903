import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Scripts only from this origin: the token in localStorage must never meet injected script. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { googleSignIn: boolean }) {
  const google = options.googleSignIn ? ['https://accounts.google.com/gsi/client'] : [];
  const googleFrames = options.googleSignIn ? ['https://accounts.google.com/gsi/'] : [];
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
