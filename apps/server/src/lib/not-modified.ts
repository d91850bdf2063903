import type { FastifyReply } from 'fastify';

/**
 * 304 without a body: a typed reply would serialise its schema's `null` into four bytes that a
 * keep-alive client then reads as the start of the next answer.
 */
export const notModified = (reply: FastifyReply) => reply.code(304).send();
