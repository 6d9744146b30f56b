/** Why a sign-in is refused, checked in this order; each has its own answer and audit entry. */
export type SignInRefusal = 'invalid_credentials' | 'account_suspended' | 'email_not_confirmed' | 'admin_only';

/**
 * A sign-in succeeds only for an existing account whose password matches, that is active and whose
 * e-mail is confirmed; the admin entrance (`adminOnly`) also refuses every account that is not an admin.
 */
export function signInRefusal(
  account: { status: string; emailConfirmedAt: Date | null; role: string } | undefined,
  passwordMatches: boolean,
  adminOnly: boolean,
): SignInRefusal | null {
  if (!account || !passwordMatches) return 'invalid_credentials';
  if (account.status === 'suspended') return 'account_suspended';
  if (!account.emailConfirmedAt) return 'email_not_confirmed';
  if (adminOnly && account.role !== 'admin') return 'admin_only';
  return null;
}
