import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /([?&](?:token|invite|resetToken|credential)=)[^&#]*/gi;
const SECRET_PATH = /(\/(?:reset-password|validate|invite)\/)[^/?#]+/gi;

/** Tokens ride in some URLs (reset links, invite checks); the log keeps the shape, not the secret. */
export const redactUrl = (url: string) =>
  url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  remoteAddress: request.ip,
});
