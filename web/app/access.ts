import type { SessionUser } from '../../core/contracts/auth.ts';
import type { LaunchMode } from '../../core/constants.ts';

/**
 * Who may open a route, by the launch mode (prelaunch: members only; live: public):
 * - home: '/', the coming-soon landing in prelaunch, the home search when live;
 * - auth: '/auth', for visitors only;
 * - public: explore, results, property, info and blog pages; public when live, members only in prelaunch;
 * - account: profile and bookings, always need sign-in;
 * - admin: needs the admin role (403 page otherwise);
 * - everyone: the 404 page, redirects, and the terms and privacy policy (sign-up asks visitors to accept them,
 *   so they must be able to read them in prelaunch too).
 */
export type Access = 'home' | 'auth' | 'public' | 'account' | 'admin' | 'everyone';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

interface AccessInput {
  access: Access;
  launchMode: LaunchMode;
  user: Pick<SessionUser, 'role' | 'secondFactorSetupRequired'> | null;
  /** The current path without language prefix, with its query string. */
  currentPath: string;
  /** The `next` query value on /auth, if any. */
  next?: string | null;
}

/** The profile's security page: second factor and passkeys. */
export const securityPagePath = '/profile/security';

/** A same-site path to return to after sign-in; anything else is ignored. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next === '/auth' || next.startsWith('/auth?') || next.startsWith('/auth/')) return null;
  return next;
}

function homeFor(launchMode: LaunchMode, signedIn: boolean): string {
  return launchMode === 'prelaunch' && signedIn ? '/explore' : '/';
}

function signInRedirect(input: AccessInput): GuardDecision {
  if (input.launchMode === 'prelaunch') return { kind: 'redirect', to: '/' };
  return { kind: 'redirect', to: `/auth?next=${encodeURIComponent(input.currentPath)}` };
}

/** Where a signed-in user lands after signing in (or when opening /auth). */
export function afterSignInPath(launchMode: LaunchMode, next: string | null | undefined): string {
  return safeNextPath(next) ?? homeFor(launchMode, true);
}

/** Paths returned are bare (no language prefix); the guard localizes them. */
export function decideAccess(input: AccessInput): GuardDecision {
  const { access, launchMode, user } = input;
  // An admin in production without a second factor sets one up before anything else (decision 051).
  if (user?.secondFactorSetupRequired && access !== 'everyone' && !input.currentPath.startsWith(securityPagePath)) {
    return { kind: 'redirect', to: securityPagePath };
  }
  switch (access) {
    case 'everyone':
      return { kind: 'allow' };
    case 'home':
      return launchMode === 'prelaunch' && user ? { kind: 'redirect', to: '/explore' } : { kind: 'allow' };
    case 'auth':
      return user ? { kind: 'redirect', to: afterSignInPath(launchMode, input.next) } : { kind: 'allow' };
    case 'public':
      return launchMode === 'live' || user ? { kind: 'allow' } : { kind: 'redirect', to: '/' };
    case 'account':
      return user ? { kind: 'allow' } : signInRedirect(input);
    case 'admin':
      if (!user) return signInRedirect(input);
      return user.role === 'admin' ? { kind: 'allow' } : { kind: 'forbidden' };
  }
}
