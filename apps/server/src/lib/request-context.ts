import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../plugins/access.js';

/** Who asked and from where: what a service needs for its rules and its audit entry. */
export type RequestContext = {
  actor: AuthUser | null;
  ip: string;
  userAgent: string | null;
  requestId: string;
};

/** For calls behind a sign-in: the access hook has refused anyone else. */
export type SignedInContext = RequestContext & { actor: AuthUser };

const MAX_USER_AGENT_LENGTH = 500;

export function contextOf(request: FastifyRequest): RequestContext {
  return {
    actor: request.user,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, MAX_USER_AGENT_LENGTH) ?? null,
    requestId: request.id,
  };
}

export function signedInContextOf(request: FastifyRequest): SignedInContext {
  const context = contextOf(request);
  if (!context.actor) throw new Error('signedInContextOf used on a route without a sign-in');
  return context as SignedInContext;
}
