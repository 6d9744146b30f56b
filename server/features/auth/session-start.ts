import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import { recordSecurityEvent } from '../../audit/security-events-repository.ts';
import type { Database } from '../../db/database.ts';
import { clientInfo } from '../../http/request-user.ts';
import { markSecondFactorSetup } from './second-factor-requirement.ts';
import { createSession, findSessionUser, revokeSession } from './auth-repository.ts';
import { newSessionToken, sessionCookieName, sessionIdOf } from './session-tokens.ts';

export interface SessionSettings {
  db: Database;
  sessionDays: number;
  secureCookies: boolean;
  /** Admins must have a second factor in production (decision 051). */
  isProduction: boolean;
}

/**
 * Opens a session for a member who has proved who they are (password, then the second factor when
 * they have one; or a passkey), sets its cookie and records the sign-in. A new session id at every
 * sign-in; the previous cookie's session, if any, ends.
 */
export async function startSession(
  { db, sessionDays, secureCookies, isProduction }: SessionSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  method: string,
): Promise<SessionUser> {
  const client = clientInfo(request);
  const previous = request.cookies[sessionCookieName];
  if (previous) await revokeSession(db, sessionIdOf(previous));
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + sessionDays * 24 * 60 * 60 * 1000);
  await createSession(db, { id: sessionIdOf(token), userId, expiresAt, ...client });
  const found = await findSessionUser(db, sessionIdOf(token), new Date());
  if (!found) throw new Error('session vanished right after it was created');

  reply.setCookie(sessionCookieName, token, {
    httpOnly: true,
    secure: secureCookies,
    sameSite: 'lax',
    path: '/',
    expires: expiresAt,
  });
  void recordSecurityEvent(db, request.log, {
    userId,
    eventType: 'USER_SIGNED_IN',
    description: method === 'password' ? undefined : `Signed in with ${method}`,
    ...client,
  });
  return markSecondFactorSetup(db, isProduction, found.user);
}
