import { z } from 'zod';
import { emailSchema } from '../../../core/auth-schemas.ts';
import { formEmailSchema as email } from '../../lib/sign-in-form-schema.ts';
import { signUpFieldProblems, type SignUpFieldProblem, type SignUpFields, type SignUpProblem } from '../../../core/sign-up-rules.ts';

/**
 * The sign-up and password rules live in core/sign-up-rules.ts (shared with the server); this file only
 * says how the web shows them. Zod messages and returned messages are translation keys.
 */

export const resetRequestFormSchema = z.object({ email });
export type ResetRequestForm = z.infer<typeof resetRequestFormSchema>;

/** The spec's fields plus consent to the terms and the privacy policy (checked last). */
export type SignUpForm = SignUpFields & { acceptTerms: boolean };

type FieldMessage =
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

const fieldMessages = {
  required: 'auth.requiredField',
  age_requirement_not_met: 'auth.errors.ageNotMet',
  password_too_short: 'auth.errors.passwordTooShort',
  password_too_weak: 'auth.errors.passwordWeak',
} as const satisfies Record<SignUpFieldProblem, FieldMessage>;

/** The toast of a field's message: a missing field says all fields are required, the others their own rule. */
const toasts: Record<FieldMessage, Pick<SignUpCheck, 'title' | 'description'>> = {
  'auth.requiredField': { title: 'auth.allFieldsRequired', description: 'auth.allFieldsRequiredText' },
  'auth.errors.ageNotMet': { title: 'auth.ageNotMet', description: 'auth.ageNotMetText' },
  'auth.errors.emailInvalid': { title: 'auth.accountCreationFailed', description: 'auth.errors.emailInvalid' },
  'auth.errors.passwordTooShort': { title: 'auth.accountCreationFailed', description: 'auth.errors.passwordTooShort' },
  'auth.errors.passwordWeak': { title: 'auth.accountCreationFailed', description: 'auth.errors.passwordWeak' },
  'auth.errors.termsRequired': { title: 'auth.accountCreationFailed', description: 'auth.errors.termsRequired' },
};

/**
 * Every field's problem at once, in the form's order (the core rules, the e-mail's format, then
 * consent to the terms); the toast tells the first of them. Null when the form may be sent.
 */
export function checkSignUp(values: SignUpForm, today: Date = new Date()): SignUpCheck | null {
  const problems = signUpFieldProblems(values, today);
  const fields: SignUpCheck['fields'] = {};
  for (const name of ['firstName', 'lastName', 'dateOfBirth', 'email', 'password'] as const) {
    const problem = problems[name];
    if (problem) fields[name] = fieldMessages[problem];
    else if (name === 'email' && !emailSchema.safeParse(values.email).success) fields.email = 'auth.errors.emailInvalid';
  }
  if (!values.acceptTerms) fields.acceptTerms = 'auth.errors.termsRequired';
  const first = Object.values(fields)[0];
  return first ? { ...toasts[first], fields } : null;
}

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
