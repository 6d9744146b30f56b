/**
 * The rules of "your data" (docs/decisions/050-your-data.md), used by the server and shown by the
 * web app: how often a member may ask for an export, how long its link lives, when a closed account
 * may be closed and when it is erased.
 */

export const dataExportLimits = {
  /** Exports a member may ask for in a rolling day: building one reads every file they own. */
  perDay: 3,
  /** How long a built archive may be downloaded before it is removed. */
  validDays: 7,
  /** How long one job run may hold an export it is building before another instance may take it over. */
  claimMinutes: 10,
  /** Attempts before an export is marked failed (a file that cannot be read, storage down for long). */
  maxAttempts: 5,
} as const;

export const accountErasureLimits = {
  /** The erasure's default delay after closing, and the most the privacy policy allows (30 days). */
  defaultDays: 14,
  maxDays: 30,
  claimMinutes: 10,
} as const;

/** Why an export request is refused, or null when it may be queued. */
export function dataExportRefusal(
  recent: readonly { status: string; createdAt: Date }[],
  now: Date,
): 'data_export_in_progress' | 'data_export_limit_reached' | null {
  if (recent.some((request) => request.status === 'queued' || request.status === 'running')) return 'data_export_in_progress';
  const dayAgo = now.getTime() - 24 * 60 * 60 * 1000;
  const today = recent.filter((request) => request.createdAt.getTime() > dayAgo).length;
  return today >= dataExportLimits.perDay ? 'data_export_limit_reached' : null;
}

/** When a built export stops being served. */
export function dataExportExpiry(readyAt: Date): Date {
  return new Date(readyAt.getTime() + dataExportLimits.validDays * 24 * 60 * 60 * 1000);
}

/** What stands between a member and closing their account, as the server finds it. */
export interface AccountObligations {
  /** Pending or confirmed stays, as guest or as host, that have not ended yet. */
  staysAhead: number;
  /** Service fees a host owes the platform for stays paid on arrival (shekels). */
  feesOwed: number;
  /** Money the platform still holds for the host, not yet paid out (shekels). */
  payoutDue: number;
  /** Card payments of the member's stays still open (awaiting checkout or held, not settled). */
  openPayments: number;
}

export type AccountClosureRefusal = 'account_stay_ahead' | 'account_money_owed' | 'account_payout_due' | 'account_payment_open';

/**
 * Why an account cannot be closed now, or null. A stay ahead comes first: the other side is
 * counting on it, and cancelling it is the member's choice under its policy, never a side effect of
 * closing. Money in either direction must be settled first: the ledger would otherwise keep a
 * balance for someone nobody can reach.
 */
export function accountClosureRefusal(obligations: AccountObligations): AccountClosureRefusal | null {
  if (obligations.staysAhead > 0) return 'account_stay_ahead';
  if (obligations.feesOwed > 0) return 'account_money_owed';
  if (obligations.openPayments > 0) return 'account_payment_open';
  if (obligations.payoutDue > 0) return 'account_payout_due';
  return null;
}

/** When a closed account's personal data is erased: after the configured delay, never past the policy's 30 days. */
export function erasureDueAt(closedAt: Date, afterDays: number): Date {
  const days = Math.min(Math.max(afterDays, 0), accountErasureLimits.maxDays);
  return new Date(closedAt.getTime() + days * 24 * 60 * 60 * 1000);
}

/**
 * The address an erased account keeps (users.email is unique and required): a reserved domain
 * (RFC 2606 .invalid) that no mail can reach, so the mail queue drops anything sent to it.
 */
export const erasedEmailDomain = '@erased.invalid';
export const erasedEmailOf = (userId: string) => `erased-${userId}${erasedEmailDomain}`;

/** What replaces an erased member's name wherever their reviews and messages are still shown. */
export const formerMemberName = { en: 'Former member', he: 'חבר לשעבר' } as const;

/** What replaces a mention of an erased member's name, e-mail or phone inside text that is kept. */
export const redactedText = '[removed]';

/**
 * The ways a phone number may be written in text that mentions it: as stored, and its digits in
 * the local (050…) and international (972…) forms, so "050-123 4567" in a message is found by
 * "+972501234567" in the profile. Forms shorter than 7 digits are not searched (too common).
 */
export function phoneForms(phone: string | null | undefined): string[] {
  if (!phone) return [];
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  const forms = new Set<string>();
  if (trimmed.length >= 7) forms.add(trimmed);
  if (digits.length >= 7) {
    forms.add(digits);
    if (digits.startsWith('972')) forms.add(`0${digits.slice(3)}`);
    else if (digits.startsWith('0')) forms.add(`972${digits.slice(1)}`);
  }
  return [...forms];
}
