import { describe, expect, it } from 'vitest';
import { signInRefusal } from './sign-in-rules.ts';

const active = { status: 'active', emailConfirmedAt: new Date('2026-01-01'), role: 'guest' };

describe('signInRefusal', () => {
  it('lets an active, confirmed account with the right password in', () => {
    expect(signInRefusal(active, true, false)).toBeNull();
    expect(signInRefusal({ ...active, role: 'admin' }, true, true)).toBeNull();
  });

  it('checks credentials first, then suspension, confirmation and the admin entrance', () => {
    expect(signInRefusal(undefined, false, false)).toBe('invalid_credentials');
    expect(signInRefusal({ ...active, status: 'suspended', emailConfirmedAt: null }, false, true)).toBe('invalid_credentials');
    expect(signInRefusal({ ...active, status: 'suspended', emailConfirmedAt: null }, true, true)).toBe('account_suspended');
    expect(signInRefusal({ ...active, emailConfirmedAt: null }, true, true)).toBe('email_not_confirmed');
    expect(signInRefusal(active, true, true)).toBe('admin_only');
  });
});
