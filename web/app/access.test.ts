// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { afterSignInPath, decideAccess, safeNextPath, type Access } from './access.ts';

const guest = { role: 'guest' as const };
const admin = { role: 'admin' as const };

function decide(access: Access, launchMode: 'prelaunch' | 'live', user: typeof guest | typeof admin | null, next?: string) {
  return decideAccess({ access, launchMode, user, currentPath: '/profile?tab=1', next: next ?? null });
}

describe('route guard', () => {
  it('prelaunch: visitors see only the landing, /auth and the 404 page', () => {
    expect(decide('home', 'prelaunch', null)).toEqual({ kind: 'allow' });
    expect(decide('auth', 'prelaunch', null)).toEqual({ kind: 'allow' });
    expect(decide('everyone', 'prelaunch', null)).toEqual({ kind: 'allow' });
    for (const access of ['public', 'account', 'admin'] as const) {
      expect(decide(access, 'prelaunch', null)).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('prelaunch: a signed-in user at / goes to /explore, at /auth too', () => {
    expect(decide('home', 'prelaunch', guest)).toEqual({ kind: 'redirect', to: '/explore' });
    expect(decide('auth', 'prelaunch', guest)).toEqual({ kind: 'redirect', to: '/explore' });
    expect(decide('public', 'prelaunch', guest)).toEqual({ kind: 'allow' });
  });

  it('live: public pages are public, account pages need sign-in, admin needs the role', () => {
    expect(decide('home', 'live', null)).toEqual({ kind: 'allow' });
    expect(decide('home', 'live', guest)).toEqual({ kind: 'allow' });
    expect(decide('public', 'live', null)).toEqual({ kind: 'allow' });
    expect(decide('account', 'live', null)).toEqual({ kind: 'redirect', to: '/auth?next=%2Fprofile%3Ftab%3D1' });
    expect(decide('account', 'live', guest)).toEqual({ kind: 'allow' });
    expect(decide('admin', 'live', guest)).toEqual({ kind: 'forbidden' });
    expect(decide('admin', 'prelaunch', guest)).toEqual({ kind: 'forbidden' });
    expect(decide('admin', 'live', admin)).toEqual({ kind: 'allow' });
    expect(decide('auth', 'live', guest)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('auth', 'live', guest, '/my-bookings')).toEqual({ kind: 'redirect', to: '/my-bookings' });
  });

  it('sends an admin who must set up a second factor to the security page before anything else', () => {
    const unenrolled = { role: 'admin' as const, secondFactorSetupRequired: true as const };
    const at = (access: Access, currentPath: string) => decideAccess({ access, launchMode: 'live', user: unenrolled, currentPath });
    for (const access of ['home', 'public', 'account', 'admin', 'auth'] as const) {
      expect(at(access, '/admin')).toEqual({ kind: 'redirect', to: '/profile/security' });
    }
    expect(at('account', '/profile/security')).toEqual({ kind: 'allow' });
    // The terms and the 404 page stay readable.
    expect(at('everyone', '/terms')).toEqual({ kind: 'allow' });
  });

  it('only follows same-site next paths', () => {
    expect(safeNextPath('/profile')).toBe('/profile');
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('/auth')).toBeNull();
    expect(afterSignInPath('live', null)).toBe('/');
    expect(afterSignInPath('prelaunch', undefined)).toBe('/explore');
  });
});
