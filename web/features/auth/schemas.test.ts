// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { signInFormSchema } from '../../lib/sign-in-form-schema.ts';
import { checkSignUp } from './schemas.ts';
import { isSignUpProblemCode } from './sign-up-problems.ts';

const today = new Date(2025, 5, 15);
const valid = {
  firstName: 'Dana',
  lastName: 'Cohen',
  dateOfBirth: '2007-06-15',
  email: 'dana@example.com',
  password: 'Passw0rd!',
  acceptTerms: true,
};

describe('sign-up checks in the browser', () => {
  it('accepts a complete adult sign-up', () => {
    expect(checkSignUp(valid, today)).toBeNull();
  });

  it("shows every field's problem at once, in the form's order, and toasts the first", () => {
    const empty = { firstName: '', lastName: '', dateOfBirth: '', email: '', password: '', acceptTerms: false };
    const check = checkSignUp(empty, today);
    expect(check).toMatchObject({ title: 'auth.allFieldsRequired', description: 'auth.allFieldsRequiredText' });
    expect(Object.entries(check?.fields ?? {})).toEqual([
      ['firstName', 'auth.requiredField'],
      ['lastName', 'auth.requiredField'],
      ['dateOfBirth', 'auth.requiredField'],
      ['email', 'auth.requiredField'],
      ['password', 'auth.requiredField'],
      ['acceptTerms', 'auth.errors.termsRequired'],
    ]);
    const wrong = { firstName: 'Dana', lastName: 'Cohen', dateOfBirth: '2010-01-01', email: 'nope', password: 'short', acceptTerms: true };
    expect(checkSignUp(wrong, today)).toEqual({
      title: 'auth.ageNotMet',
      description: 'auth.ageNotMetText',
      fields: { dateOfBirth: 'auth.errors.ageNotMet', email: 'auth.errors.emailInvalid', password: 'auth.errors.passwordTooShort' },
    });
  });

  it('gives each rule its own message', () => {
    expect(checkSignUp({ ...valid, password: 'Sh0rt!' }, today)).toMatchObject({ description: 'auth.errors.passwordTooShort' });
    expect(checkSignUp({ ...valid, password: 'longpassword' }, today)).toMatchObject({ description: 'auth.errors.passwordWeak' });
    expect(checkSignUp({ ...valid, dateOfBirth: '2007-06-16' }, today)).toMatchObject({
      title: 'auth.ageNotMet',
      description: 'auth.ageNotMetText',
      fields: { dateOfBirth: 'auth.errors.ageNotMet' },
    });
  });

  it('treats blank names as missing and checks the e-mail format', () => {
    expect(checkSignUp({ ...valid, firstName: '  ' }, today)?.fields).toEqual({ firstName: 'auth.requiredField' });
    expect(checkSignUp({ ...valid, email: 'not-an-email' }, today)?.fields).toEqual({ email: 'auth.errors.emailInvalid' });
  });

  it('asks for consent to the terms after the fields', () => {
    expect(checkSignUp({ ...valid, acceptTerms: false }, today)).toEqual({
      title: 'auth.accountCreationFailed',
      description: 'auth.errors.termsRequired',
      fields: { acceptTerms: 'auth.errors.termsRequired' },
    });
    expect(checkSignUp({ ...valid, acceptTerms: false, firstName: '' }, today)?.title).toBe('auth.allFieldsRequired');
    expect(isSignUpProblemCode('terms_not_accepted')).toBe(true);
  });

  it('knows the server codes it can show inline', () => {
    expect(isSignUpProblemCode('age_requirement_not_met')).toBe(true);
    expect(isSignUpProblemCode('too_many_requests')).toBe(false);
    expect(signInFormSchema.safeParse({ email: ' A@B.co ', password: 'x' }).data?.email).toBe('a@b.co');
  });
});
