import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import type { Database } from '../../db/database.ts';
import { oncePerDatabase } from '../../db/once-per-database.ts';
import { pickColumns } from '../../db/pick-columns.ts';
import { authTokens, profiles, sessions, users } from '../../db/schema.ts';

export async function findCredentials(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      role: users.role,
      status: users.status,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    // A closed account (docs/decisions/050-your-data.md) is as good as unknown: nobody signs in to it.
    .where(and(eq(users.email, email), isNull(users.closedAt)))
    .limit(1);
  return row ?? null;
}

export async function createSession(
  db: Database,
  session: { id: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  await db.insert(sessions).values(session);
}

/**
 * The session lookup every signed-in API request makes, prepared once per database: built with the
 * query builder it cost more of the server's CPU than PostgreSQL took to answer it (issue 40's
 * member benchmark), and a named statement is parsed and planned once per connection.
 */
function prepareSessionUser(db: Database) {
  return db
    .select({
      ...pickColumns(users, ['id', 'email', 'role', 'language']),
      ...pickColumns(profiles, ['firstName', 'lastName', 'idVerificationStatus']),
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        eq(users.status, 'active'),
        isNull(users.closedAt),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

const sessionUserStatement = oncePerDatabase(prepareSessionUser);

/** The user behind a live session: not revoked, not expired, account active and not closed. */
export async function findSessionUser(db: Database, sessionId: string, now: Date) {
  const [row] = await sessionUserStatement(db).execute({ sessionId, now: now.toISOString() });
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    role: row.role,
    language: row.language,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    idVerified: row.idVerificationStatus === 'verified',
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

export async function createAccount(
  db: Database,
  account: {
    email: string;
    passwordHash: string;
    language: 'en' | 'he';
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    termsAcceptedAt: Date;
  },
) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: account.email,
        passwordHash: account.passwordHash,
        language: account.language,
        termsAcceptedAt: account.termsAcceptedAt,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return null;
    await tx.insert(profiles).values({
      userId: user.id,
      firstName: account.firstName,
      lastName: account.lastName,
      dateOfBirth: account.dateOfBirth,
    });
    return user;
  });
}

export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, language: users.language, firstName: profiles.firstName, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.email, email), isNull(users.closedAt)))
    .limit(1);
  return row ?? null;
}

export async function createAuthToken(
  db: Database,
  token: { id: string; userId: string; purpose: 'confirm_email' | 'reset_password'; expiresAt: Date },
) {
  await db.insert(authTokens).values(token);
}

/**
 * Marks a token used and returns its user, or null when it is unknown, expired or already used.
 * One UPDATE does both, so two requests racing with the same token cannot both succeed.
 */
export async function consumeAuthToken(db: Database, id: string, purpose: 'confirm_email' | 'reset_password', now: Date) {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, id), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/**
 * What a token is worth without using it: 'used' once it was used (or died with another reset link
 * of the account), 'invalid' when unknown or expired, 'valid' otherwise. Used is told before expired:
 * a member who already chose a new password is told so, not sent to ask for another link.
 */
export async function authTokenState(
  db: Database,
  id: string,
  purpose: 'confirm_email' | 'reset_password',
  now: Date,
): Promise<'valid' | 'used' | 'invalid'> {
  const [row] = await db
    .select({ usedAt: authTokens.usedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.id, id), eq(authTokens.purpose, purpose)))
    .limit(1);
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  return row.expiresAt > now ? 'valid' : 'invalid';
}

/** Marks every unused token of a user for one purpose used. */
export async function consumeAllAuthTokens(db: Database, userId: string, purpose: 'confirm_email' | 'reset_password', now: Date) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export async function markEmailConfirmed(db: Database, userId: string, now: Date) {
  await db
    .update(users)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function revokeAllSessions(db: Database, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
