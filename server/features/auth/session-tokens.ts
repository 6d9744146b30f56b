import { createHash, randomBytes } from 'node:crypto';

export const sessionCookieName = 'lina_session';

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are stored by the hash of their token, so the table alone cannot be replayed. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
