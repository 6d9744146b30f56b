import type { RateLimitRule } from '../../rate-limit/rate-limiter.ts';

const minutes = (n: number) => n * 60 * 1000;

/** Attempts per window for the account routes: per client IP and per e-mail address. */
export const authRateLimits = {
  signInPerIp: { limit: 30, windowMs: minutes(15) },
  signInPerAccount: { limit: 10, windowMs: minutes(15) },
  signUpPerIp: { limit: 10, windowMs: minutes(60) },
  resetPerIp: { limit: 10, windowMs: minutes(60) },
  resetPerAccount: { limit: 3, windowMs: minutes(60) },
  /** Checking a reset link when its page opens (a page reload checks again). */
  resetCheckPerIp: { limit: 30, windowMs: minutes(60) },
} satisfies Record<string, RateLimitRule>;
