import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  parseSecondFactorCode,
  recoveryCodeAlphabet,
  recoveryCodeCount,
  formatRecoveryCode,
  secondFactorMethods,
} from '../../../core/second-factor-rules.ts';
import type { Database } from '../../db/database.ts';
import type { SecretBox } from './secret-box.ts';
import {
  acceptTotpStep,
  countRecoveryCodesLeft,
  createChallenge,
  findTotp,
  listPasskeys,
  spendRecoveryCode,
  type ChallengeKind,
} from './second-factor-repository.ts';
import { totpTimeStep } from './totp.ts';

/** A pending sign-in lives five minutes and dies at its fifth wrong code (the rate limits count too). */
export const pendingSignInMinutes = 5;
export const pendingSignInAttempts = 5;
/** A WebAuthn ceremony (adding a passkey, signing in with one) has as long. */
export const webauthnCeremonyMinutes = 5;

/** Steps and recovery codes are stored by their SHA-256: the table alone completes nothing. */
export const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** Opens a step of `kind` and returns the token the client keeps (only its hash is stored). */
export async function openChallenge(
  db: Database,
  kind: ChallengeKind,
  userId: string | null,
  minutes: number,
  webauthnChallenge: string | null = null,
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + minutes * 60 * 1000);
  await createChallenge(db, { id: hashOf(token), kind, userId, webauthnChallenge, expiresAt });
  return { token, expiresAt };
}

/** The second step after a right password, or null when the member has no second factor. */
export async function beginSecondFactorStep(db: Database, userId: string) {
  const [totp, recoveryCodesLeft, keys] = await Promise.all([
    findTotp(db, userId),
    countRecoveryCodesLeft(db, userId),
    listPasskeys(db, userId),
  ]);
  const methods = secondFactorMethods({ totpEnabled: Boolean(totp?.confirmedAt), recoveryCodesLeft, passkeys: keys.length });
  if (methods.length === 0) return null;
  const { token, expiresAt } = await openChallenge(db, 'second_factor', userId, pendingSignInMinutes);
  return { token, methods, expiresAt: expiresAt.toISOString() };
}

/** Ten new recovery codes: the codes to show once, and the hashes to keep. */
export function newRecoveryCodes() {
  const codes = Array.from({ length: recoveryCodeCount }, () =>
    formatRecoveryCode(Array.from({ length: 10 }, () => recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)]).join('')),
  );
  return { codes, hashes: codes.map(hashOf) };
}

/**
 * Checks a code typed by the member against their confirmed authenticator app (a code whose step was
 * already used is refused: no replay) or their unused recovery codes (spent by the check). True once
 * per code.
 */
export async function checkSecondFactorCode(db: Database, box: SecretBox, userId: string, input: string): Promise<boolean> {
  const code = parseSecondFactorCode(input);
  if (!code) return false;
  if (code.kind === 'recovery') return spendRecoveryCode(db, userId, hashOf(code.code));
  const totp = await findTotp(db, userId);
  if (!totp?.confirmedAt) return false;
  const step = await totpTimeStep(box.open(totp.secret), code.code);
  return step !== null && (await acceptTotpStep(db, userId, step));
}
