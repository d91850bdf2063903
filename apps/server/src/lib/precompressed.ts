import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notModified } from './not-modified.js';

/** A strong validator: the body's SHA-1, so equal bodies answer 304 on any instance. */
export const etagOf = (body: string | Buffer) => `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;

/** A body sent many times, hashed and compressed once rather than once per request. */
export type Precompressed = { body: string | Buffer; etag: string; gzip: Buffer; br: Buffer };

/**
 * `quick` for bodies made while a request waits (about 1 ms for 17 KB, against 28 ms at brotli's
 * best, for 10% more bytes); the default for bodies made once per build or publication.
 */
export function precompress(body: string | Buffer, { quick = false } = {}): Precompressed {
  return {
    body,
    etag: etagOf(body),
    gzip: zlib.gzipSync(body),
    br: zlib.brotliCompressSync(body, quick ? { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } : {}),
  };
}

/** The smallest encoding the client takes, or 304 to its validator; the caller sets the type and caching. */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, entry: Precompressed) {
  reply.header('etag', entry.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === entry.etag) return notModified(reply);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(entry.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(entry.gzip);
  return reply.send(entry.body);
}
