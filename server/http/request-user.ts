import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/contracts/auth.ts';
import type { Role } from '../../core/constants.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth feature's session hook when the request carries a live session cookie. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'unauthenticated', 'Please sign in first');
  return request.user;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new HttpError(403, 'forbidden', 'You do not have access to this');
  // An admin in production acts as one only once a second factor is set up (decision 051).
  if (user.role === 'admin' && user.secondFactorSetupRequired) {
    throw new HttpError(403, 'second_factor_required', 'Set up a second factor (an authenticator app or a passkey) first.');
  }
  return user;
}

export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
