import type { RateLimitRule } from '../../rate-limit/rate-limiter.ts';

const minutes = (n: number) => n * 60 * 1000;

/** Attempts per window for the account routes: per client IP and per e-mail address. */
export const authRateLimits = {
  signInPerIp: { limit: 30, windowMs: minutes(15) },
  signInPerAccount: { limit: 10, windowMs: minutes(15) },
  signUpPerIp: { limit: 10, windowMs: minutes(60) },
  resetPerIp: { limit: 10, windowMs: minutes(60) },
  resetPerAccount: { limit: 3, windowMs: minutes(60) },
  /**
   * Second-factor codes (sign-in step, confirming an app, turning it off): per member whoever sends
   * them, since whoever has reached this step knows the password; 10 guesses in 15 minutes against
   * a million codes (three valid at a time) gives a guesser about 1 in 30,000 per window.
   */
  secondFactorPerAccount: { limit: 10, windowMs: minutes(15) },
  secondFactorPerIp: { limit: 30, windowMs: minutes(15) },
  totpSetupPerAccount: { limit: 20, windowMs: minutes(60) },
  /** Passkey ceremonies (options and answers), per client address. */
  passkeyPerIp: { limit: 60, windowMs: minutes(15) },
  /** Checking a reset link when its page opens (a page reload checks again). */
  resetCheckPerIp: { limit: 30, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>;
