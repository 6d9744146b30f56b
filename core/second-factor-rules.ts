/**
 * The rules of the second factor (docs/decisions/051-second-factor-and-passkeys.md), shared by the
 * server and the security page: what a typed code is, how recovery codes look, and who must have one.
 */

/** Ten recovery codes are given at enrolment, each usable once. */
export const recoveryCodeCount = 10;

/** Letters and digits nobody confuses when copying by hand (no 0/o, 1/l/i). */
export const recoveryCodeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code is two groups of five characters of the alphabet: about 49 bits each. */
const recoveryCodePattern = /^[abcdefghjkmnpqrstuvwxyz23456789]{5}-[abcdefghjkmnpqrstuvwxyz23456789]{5}$/;

/** Writes ten random characters of the alphabet as a recovery code (xxxxx-xxxxx). */
export function formatRecoveryCode(characters: string): string {
  return `${characters.slice(0, 5)}-${characters.slice(5, 10)}`;
}

export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/**
 * What a member typed at the second step: six digits from the authenticator app (spaces allowed,
 * as apps show "123 456"), or a recovery code in any case, with or without its dash. Anything else is
 * null, refused without looking anything up.
 */
export function parseSecondFactorCode(input: string): SecondFactorCode | null {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  const recovery = formatRecoveryCode(compact);
  if (compact.length === 10 && recoveryCodePattern.test(recovery)) return { kind: 'recovery', code: recovery };
  return null;
}

/**
 * Admin accounts must have a second factor in production: they hold other people's documents and
 * money. Elsewhere (development, the published demo accounts, tests) it stays a choice.
 */
export function secondFactorRequired(role: string, isProduction: boolean): boolean {
  return isProduction && role === 'admin';
}

/** How a member with a second factor may finish signing in after the password. */
export type SecondFactorMethod = 'totp' | 'recovery' | 'passkey';

export function secondFactorMethods(state: { totpEnabled: boolean; recoveryCodesLeft: number; passkeys: number }): SecondFactorMethod[] {
  const methods: SecondFactorMethod[] = [];
  if (state.totpEnabled) methods.push('totp');
  if (state.totpEnabled && state.recoveryCodesLeft > 0) methods.push('recovery');
  if (state.passkeys > 0) methods.push('passkey');
  return methods;
}

/**
 * Whether a viewer may use an admin's powers where a route decides by the viewer rather than by
 * requireRole (another member's ID document, any receipt, any stay's arrival information, any
 * street address): an admin, and in production only once a second factor is set up (decision 051).
 */
export function actsAsAdmin(user: { role: string; secondFactorSetupRequired?: boolean | undefined }): boolean {
  return user.role === 'admin' && !user.secondFactorSetupRequired;
}
