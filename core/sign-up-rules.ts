import { minimumAge, minimumPasswordLength } from './constants.ts';
import { isIsoDate, localIsoDate } from './dates.ts';

export interface SignUpFields {
  firstName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  email: string;
  password: string;
}

/**
 * Sign-up problems in the order the spec checks them: password length, password strength,
 * required fields, age. The first one found is the one shown.
 */
export type SignUpProblem = 'password_too_short' | 'password_too_weak' | 'fields_required' | 'age_requirement_not_met';

const strongPassword = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).+$/;

/**
 * Full years from a yyyy-MM-dd date of birth to `today` (local calendar: a birthday counts from its
 * morning; born on 29 February, a year is full on 1 March in other years). Null for a date that does
 * not exist or is after today. Plain arithmetic rather than date-fns: the sign-up page loads this.
 */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  if (!isIsoDate(dateOfBirth)) return null;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const born = new Date(year, month - 1, day);
  born.setFullYear(year); // years before 100 are not 19xx
  if (born > today) return null;
  const birthdayNotYet = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  return today.getFullYear() - year - (birthdayNotYet ? 1 : 0);
}

/** The latest date of birth an adult can have today: the date picker's max (29 February becomes the 28th). */
export function latestAdultBirthDate(today: Date): string {
  const latest = new Date(today.getFullYear() - minimumAge, today.getMonth(), today.getDate());
  if (latest.getMonth() !== today.getMonth()) latest.setDate(0); // past the month's end: its last day
  return localIsoDate(latest);
}

export function firstSignUpProblem(fields: SignUpFields, today: Date): SignUpProblem | null {
  if (fields.password.length < minimumPasswordLength) return 'password_too_short';
  if (!strongPassword.test(fields.password)) return 'password_too_weak';
  if (!fields.firstName.trim() || !fields.lastName.trim() || !fields.dateOfBirth.trim() || !fields.email.trim()) {
    return 'fields_required';
  }
  const age = ageOn(fields.dateOfBirth, today);
  if (age === null || age < minimumAge) return 'age_requirement_not_met';
  return null;
}

export type SignUpFieldProblem = 'required' | 'age_requirement_not_met' | 'password_too_short' | 'password_too_weak';

/**
 * Every field's problem at once, in the form's order (first name, last name, date of birth, e-mail,
 * password), so that a form filled in wrongly shows all of its errors together rather than one per
 * attempt. A field is required (trimmed) before its own rule applies.
 */
export function signUpFieldProblems(fields: SignUpFields, today: Date): Partial<Record<keyof SignUpFields, SignUpFieldProblem>> {
  const problems: Partial<Record<keyof SignUpFields, SignUpFieldProblem>> = {};
  if (!fields.firstName.trim()) problems.firstName = 'required';
  if (!fields.lastName.trim()) problems.lastName = 'required';
  if (!fields.dateOfBirth.trim()) problems.dateOfBirth = 'required';
  else {
    const age = ageOn(fields.dateOfBirth, today);
    if (age === null || age < minimumAge) problems.dateOfBirth = 'age_requirement_not_met';
  }
  if (!fields.email.trim()) problems.email = 'required';
  const passwordProblem = fields.password ? newPasswordProblem(fields.password) : 'required';
  if (passwordProblem) problems.password = passwordProblem;
  return problems;
}

/** The same rule for choosing a new password on reset. */
export function newPasswordProblem(password: string): 'password_too_short' | 'password_too_weak' | null {
  if (password.length < minimumPasswordLength) return 'password_too_short';
  if (!strongPassword.test(password)) return 'password_too_weak';
  return null;
}
