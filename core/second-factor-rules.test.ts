import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, parseSecondFactorCode, secondFactorMethods, secondFactorRequired } from './second-factor-rules.ts';

describe('parseSecondFactorCode', () => {
  it.each([
    ['123456', { kind: 'totp', code: '123456' }],
    [' 123 456 ', { kind: 'totp', code: '123456' }],
    ['abcde-fghjk', { kind: 'recovery', code: 'abcde-fghjk' }],
    ['ABCDEFGHJK', { kind: 'recovery', code: 'abcde-fghjk' }],
    ['abcde fghjk', { kind: 'recovery', code: 'abcde-fghjk' }],
    ['12345', null],
    ['1234567', null],
    ['abcde-fghj0', null],
    ['', null],
    ['<script>', null],
  ])('%j → %j', (input, expected) => {
    expect(parseSecondFactorCode(input)).toEqual(expected);
  });
});

describe('second factor rules', () => {
  it('formats ten characters as two groups', () => {
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
  });
  it('requires a second factor of admins in production only', () => {
    expect(secondFactorRequired('admin', true)).toBe(true);
    expect(secondFactorRequired('admin', false)).toBe(false);
    expect(secondFactorRequired('host', true)).toBe(false);
    expect(secondFactorRequired('guest', true)).toBe(false);
  });
  it('offers recovery codes only with an authenticator app and while some are left', () => {
    expect(secondFactorMethods({ totpEnabled: true, recoveryCodesLeft: 3, passkeys: 1 })).toEqual(['totp', 'recovery', 'passkey']);
    expect(secondFactorMethods({ totpEnabled: true, recoveryCodesLeft: 0, passkeys: 0 })).toEqual(['totp']);
    expect(secondFactorMethods({ totpEnabled: false, recoveryCodesLeft: 0, passkeys: 2 })).toEqual(['passkey']);
    expect(secondFactorMethods({ totpEnabled: false, recoveryCodesLeft: 0, passkeys: 0 })).toEqual([]);
  });
});
