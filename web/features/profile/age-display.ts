import type { VerificationStatus } from '../../../core/constants.ts';

export type AgeDisplay = { kind: 'none' } | { kind: 'verified'; age: number } | { kind: 'unverified'; age: number };

/** no age reads 'Not provided'; a verified ID shows the age; otherwise '{age} (unverified age)'. */
export function ageDisplay(age: number | null | undefined, status: VerificationStatus): AgeDisplay {
  if (age === null || age === undefined) return { kind: 'none' };
  return status === 'verified' ? { kind: 'verified', age } : { kind: 'unverified', age };
}
