// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isOldEnough, latestBirthDate, signUpFormSchema, strongPassword } from './schemas.ts';

describe('sign-up rules', () => {
  it('checks password strength with the spec messages', () => {
    expect(strongPassword.safeParse('Sh0rt!').error?.issues[0]?.message).toBe('auth.errors.passwordTooShort');
    expect(strongPassword.safeParse('longpassword').error?.issues[0]?.message).toBe('auth.errors.passwordWeak');
    expect(strongPassword.safeParse('Passw0rd!').success).toBe(true);
  });

  it('requires 18 years', () => {
    const today = new Date(2025, 5, 15);
    expect(latestBirthDate(today)).toBe('2007-06-15');
    expect(isOldEnough('2007-06-15', today)).toBe(true);
    expect(isOldEnough('2007-06-16', today)).toBe(false);
  });

  it('requires names and date of birth', () => {
    const result = signUpFormSchema.safeParse({ firstName: ' ', lastName: '', dateOfBirth: '', email: 'a@b.co', password: 'Passw0rd!' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['firstName', 'lastName', 'dateOfBirth']);
  });
});
