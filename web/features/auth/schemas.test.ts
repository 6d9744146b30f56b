// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { signInFormSchema } from '../../lib/sign-in-form-schema.ts';
import { checkSignUp, isSignUpProblemCode } from './schemas.ts';

const today = new Date(2025, 5, 15);
const valid = { firstName: 'Dana', lastName: 'Cohen', dateOfBirth: '2007-06-15', email: 'dana@example.com', password: 'Passw0rd!', acceptTerms: true };

describe('sign-up checks in the browser', () => {
  it('accepts a complete adult sign-up', () => {
    expect(checkSignUp(valid, today)).toBeNull();
  });

  it('reports the spec problems in the spec order: short, weak, required, age', () => {
    const all = { firstName: '', lastName: '', dateOfBirth: '2010-01-01', email: '', password: 'short', acceptTerms: false };
    expect(checkSignUp(all, today)).toMatchObject({ description: 'auth.errors.passwordTooShort' });
    expect(checkSignUp({ ...all, password: 'longpassword' }, today)).toMatchObject({ description: 'auth.errors.passwordWeak' });
    expect(checkSignUp({ ...all, password: 'Passw0rd!' }, today)).toMatchObject({
      title: 'auth.allFieldsRequired',
      description: 'auth.allFieldsRequiredText',
      fields: { firstName: 'auth.requiredField', lastName: 'auth.requiredField', email: 'auth.requiredField' },
    });
    expect(checkSignUp({ ...valid, dateOfBirth: '2007-06-16' }, today)).toMatchObject({
      title: 'auth.ageNotMet',
      description: 'auth.ageNotMetText',
      fields: { dateOfBirth: 'auth.errors.ageNotMet' },
    });
  });

  it('treats blank names as missing and checks the e-mail format last', () => {
    expect(checkSignUp({ ...valid, firstName: '  ' }, today)?.fields).toEqual({ firstName: 'auth.requiredField' });
    expect(checkSignUp({ ...valid, email: 'not-an-email' }, today)?.fields).toEqual({ email: 'auth.errors.emailInvalid' });
  });

  it('asks for consent to the terms last', () => {
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
