import type { SignUpFieldProblem, SignUpFields, SignUpProblem } from '../../../core/sign-up-rules.ts';

/**
 * How the sign-up rules (core/sign-up-rules.ts, shared with the server) are shown: toasts and inline
 * messages, as translation keys. No zod here: the sign-up form's page loads this at once, and the checks
 * that need zod (schemas.ts) on the first submit.
 */

/** The spec's fields plus consent to the terms and the privacy policy (checked last). */
export type SignUpForm = SignUpFields & { acceptTerms: boolean };

export type FieldMessage =
  | 'auth.requiredField'
  | 'auth.errors.passwordTooShort'
  | 'auth.errors.passwordWeak'
  | 'auth.errors.ageNotMet'
  | 'auth.errors.emailInvalid'
  | 'auth.errors.termsRequired';

export interface SignUpCheck {
  /** The toast: a title and a description (translation keys). */
  title: 'auth.accountCreationFailed' | 'auth.allFieldsRequired' | 'auth.ageNotMet';
  description:
    | 'auth.errors.passwordTooShort'
    | 'auth.errors.passwordWeak'
    | 'auth.allFieldsRequiredText'
    | 'auth.ageNotMetText'
    | 'auth.errors.emailInvalid'
    | 'auth.errors.termsRequired';
  /** Inline messages next to the fields concerned. */
  fields: Partial<Record<keyof SignUpForm, FieldMessage>>;
}

/** How a sign-up problem (found in the browser or answered by the server) is shown. */
export function signUpProblemView(problem: SignUpProblem | 'invalid_email' | 'terms_not_accepted', values?: SignUpForm): SignUpCheck {
  switch (problem) {
    case 'password_too_short':
      return {
        title: 'auth.accountCreationFailed',
        description: 'auth.errors.passwordTooShort',
        fields: { password: 'auth.errors.passwordTooShort' },
      };
    case 'password_too_weak':
      return {
        title: 'auth.accountCreationFailed',
        description: 'auth.errors.passwordWeak',
        fields: { password: 'auth.errors.passwordWeak' },
      };
    case 'fields_required': {
      const fields: SignUpCheck['fields'] = {};
      for (const name of ['firstName', 'lastName', 'dateOfBirth', 'email'] as const) {
        if (!values || !values[name].trim()) fields[name] = 'auth.requiredField';
      }
      return { title: 'auth.allFieldsRequired', description: 'auth.allFieldsRequiredText', fields };
    }
    case 'age_requirement_not_met':
      return { title: 'auth.ageNotMet', description: 'auth.ageNotMetText', fields: { dateOfBirth: 'auth.errors.ageNotMet' } };
    case 'invalid_email':
      return {
        title: 'auth.accountCreationFailed',
        description: 'auth.errors.emailInvalid',
        fields: { email: 'auth.errors.emailInvalid' },
      };
    case 'terms_not_accepted':
      return {
        title: 'auth.accountCreationFailed',
        description: 'auth.errors.termsRequired',
        fields: { acceptTerms: 'auth.errors.termsRequired' },
      };
  }
}

export const fieldMessages = {
  required: 'auth.requiredField',
  age_requirement_not_met: 'auth.errors.ageNotMet',
  password_too_short: 'auth.errors.passwordTooShort',
  password_too_weak: 'auth.errors.passwordWeak',
} as const satisfies Record<SignUpFieldProblem, FieldMessage>;

/** The toast of a field's message: a missing field says all fields are required, the others their own rule. */
export const toasts: Record<FieldMessage, Pick<SignUpCheck, 'title' | 'description'>> = {
  'auth.requiredField': { title: 'auth.allFieldsRequired', description: 'auth.allFieldsRequiredText' },
  'auth.errors.ageNotMet': { title: 'auth.ageNotMet', description: 'auth.ageNotMetText' },
  'auth.errors.emailInvalid': { title: 'auth.accountCreationFailed', description: 'auth.errors.emailInvalid' },
  'auth.errors.passwordTooShort': { title: 'auth.accountCreationFailed', description: 'auth.errors.passwordTooShort' },
  'auth.errors.passwordWeak': { title: 'auth.accountCreationFailed', description: 'auth.errors.passwordWeak' },
  'auth.errors.termsRequired': { title: 'auth.accountCreationFailed', description: 'auth.errors.termsRequired' },
};

const signUpProblems: readonly string[] = [
  'password_too_short',
  'password_too_weak',
  'fields_required',
  'age_requirement_not_met',
  'invalid_email',
  'terms_not_accepted',
];

export function isSignUpProblemCode(code: string): code is SignUpProblem | 'invalid_email' | 'terms_not_accepted' {
  return signUpProblems.includes(code);
}
