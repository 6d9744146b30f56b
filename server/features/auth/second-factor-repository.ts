import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { passkeys, recoveryCodes, signInChallenges, totpSecrets, users } from '../../db/schema.ts';

/** Reads and writes of the second factor, passkeys and sign-in steps (decision 051). */

export type ChallengeKind = 'second_factor' | 'passkey_sign_in' | 'passkey_register';

export async function findTotp(db: Database, userId: string) {
  const [row] = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
  return row ?? null;
}

export async function countRecoveryCodesLeft(db: Database, userId: string) {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function listPasskeys(db: Database, userId: string) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      credentialId: passkeys.credentialId,
      transports: passkeys.transports,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/** Whether the member has a second factor: a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null)`,
      passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.totp || row?.passkey);
}

/**
 * Starts (or restarts) an authenticator-app setup with a new sealed secret. An app already confirmed
 * is left alone (false): it is turned off first, with the password and a code.
 */
export async function saveTotpSetup(db: Database, userId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .insert(totpSecrets)
    .values({ userId, secret: sealedSecret })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret: sealedSecret, createdAt: sql`now()`, lastTimeStep: null },
      setWhere: isNull(totpSecrets.confirmedAt),
    })
    .returning({ userId: totpSecrets.userId });
  return rows.length > 0;
}

/**
 * Confirms the setup with the step of a right code and replaces the recovery codes, in one
 * transaction; false when there was no setup waiting (confirmed meanwhile, or none begun).
 */
export async function confirmTotp(db: Database, userId: string, timeStep: number, codeHashes: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const confirmed = await tx
      .update(totpSecrets)
      .set({ confirmedAt: sql`now()`, lastTimeStep: timeStep })
      .where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.confirmedAt)))
      .returning({ userId: totpSecrets.userId });
    if (confirmed.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  });
}

/**
 * Records the step of an accepted code: one conditional UPDATE, so a code (or an earlier one) given
 * again, even by two requests at once, finds its step taken and is refused.
 */
export async function acceptTotpStep(db: Database, userId: string, timeStep: number): Promise<boolean> {
  const rows = await db
    .update(totpSecrets)
    .set({ lastTimeStep: timeStep })
    .where(
      and(
        eq(totpSecrets.userId, userId),
        isNotNull(totpSecrets.confirmedAt),
        or(isNull(totpSecrets.lastTimeStep), lt(totpSecrets.lastTimeStep, timeStep)),
      ),
    )
    .returning({ userId: totpSecrets.userId });
  return rows.length > 0;
}

/** Spends a recovery code: true once, for the first request that uses it. */
export async function spendRecoveryCode(db: Database, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Database, userId: string, codeHashes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

/** Turns the authenticator app off: its secret and the recovery codes go. */
export async function removeTotp(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
}

export async function createChallenge(
  db: Database,
  challenge: { id: string; kind: ChallengeKind; userId: string | null; webauthnChallenge?: string | null; expiresAt: Date },
) {
  await db.insert(signInChallenges).values(challenge);
  // Steps nobody finished are dropped now and then; an expired one is refused anyway.
  if (Math.random() < 0.05) {
    await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
  }
}

/** A live step (not used, not expired) of the given kind, or null. */
export async function findChallenge(db: Database, id: string, kind: ChallengeKind, now: Date) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.id, id),
        eq(signInChallenges.kind, kind),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses a live step up: true for the one request that does, so a step never completes twice. */
export async function consumeChallenge(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now)))
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}

/** Counts a wrong code against a pending sign-in; at `limit` the step is used up. */
export async function countFailedAttempt(db: Database, id: string, limit: number) {
  await db
    .update(signInChallenges)
    .set({
      failedAttempts: sql`${signInChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${signInChallenges.failedAttempts} + 1 >= ${limit} then now() else ${signInChallenges.usedAt} end`,
    })
    .where(eq(signInChallenges.id, id));
}

export async function setChallengeWebauthn(db: Database, id: string, webauthnChallenge: string) {
  await db.update(signInChallenges).set({ webauthnChallenge }).where(eq(signInChallenges.id, id));
}

export async function insertPasskey(
  db: Database,
  passkey: { userId: string; credentialId: string; publicKey: string; counter: number; transports: string[]; name: string },
) {
  const [row] = await db.insert(passkeys).values(passkey).onConflictDoNothing().returning({ id: passkeys.id });
  return row ?? null;
}

export async function findPasskeyByCredentialId(db: Database, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
  return row ?? null;
}

/**
 * Records a use: the new counter only if the stored one did not move meanwhile, so two assertions
 * racing with the same counter cannot both pass.
 */
export async function recordPasskeyUse(db: Database, id: string, previousCounter: number, newCounter: number): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, previousCounter)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function renamePasskey(db: Database, userId: string, id: string, name: string) {
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

/** What signing in checks of an account found by its passkey or pending step. */
export async function findAccountById(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      role: users.role,
      status: users.status,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
