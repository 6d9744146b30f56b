import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../core/api-types.ts';
import type { Database } from '../../db/database.ts';
import { profiles, sessions, users } from '../../db/schema.ts';

export async function findCredentials(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function createSession(
  db: Database,
  session: { id: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  await db.insert(sessions).values(session);
}

/** The user behind a live session: not revoked, not expired, account active. */
export async function findSessionUser(db: Database, sessionId: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      language: users.language,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(users.status, 'active')),
    )
    .limit(1);
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    role: row.role,
    language: row.language,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
  };
  return { user, lastSeenAt: row.lastSeenAt };
}

export async function touchSession(db: Database, sessionId: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Database, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
