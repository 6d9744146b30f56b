import { describe, expect, it } from 'vitest';
import { ageOn, firstSignUpProblem, latestAdultBirthDate, signUpFieldProblems } from './sign-up-rules.ts';

const today = new Date('2026-11-22T12:00:00');
const valid = { firstName: 'Dana', lastName: 'Levi', dateOfBirth: '1990-05-01', email: 'dana@example.com', password: 'Passw0rd!' };

describe('sign-up rules, in the spec order', () => {
  it('accepts a valid adult', () => expect(firstSignUpProblem(valid, today)).toBeNull());
  it('checks length first', () =>
    expect(firstSignUpProblem({ ...valid, password: 'Pa1!', firstName: '' }, today)).toBe('password_too_short'));
  it.each(['password1!', 'PASSWORD1!', 'Password!!', 'Password12', 'Passw0rd#'])('refuses the weak password %s', (password) =>
    expect(firstSignUpProblem({ ...valid, password }, today)).toBe('password_too_weak'),
  );
  it('then wants every field, trimmed', () => {
    expect(firstSignUpProblem({ ...valid, firstName: '   ' }, today)).toBe('fields_required');
    expect(firstSignUpProblem({ ...valid, dateOfBirth: '' }, today)).toBe('fields_required');
  });
  it('then wants 18 years, counted to the day', () => {
    expect(firstSignUpProblem({ ...valid, dateOfBirth: '2008-11-22' }, today)).toBeNull();
    expect(firstSignUpProblem({ ...valid, dateOfBirth: '2008-11-23' }, today)).toBe('age_requirement_not_met');
    expect(firstSignUpProblem({ ...valid, dateOfBirth: 'not a date' }, today)).toBe('age_requirement_not_met');
  });
  it('computes age and the picker maximum', () => {
    expect(ageOn('1990-11-23', today)).toBe(35);
    expect(latestAdultBirthDate(today)).toBe('2008-11-22');
  });
  it('counts as date-fns did: leap days, dates that do not exist, the future', () => {
    const march1 = new Date(2025, 2, 1, 9, 30);
    expect(ageOn('2007-02-28', march1)).toBe(18);
    expect(ageOn('2004-02-29', new Date(2025, 1, 28, 23, 59))).toBe(20);
    expect(ageOn('2004-02-29', march1)).toBe(21);
    expect(ageOn('2024-02-29', new Date(2024, 1, 29))).toBe(0);
    for (const impossible of ['2023-02-29', '2020-13-01', '2020-04-31', '2020-00-10', '2020-1-10'])
      expect(ageOn(impossible, march1)).toBeNull();
    expect(ageOn('2025-03-02', march1)).toBeNull();
    expect(latestAdultBirthDate(new Date(2024, 1, 29, 12))).toBe('2006-02-28');
    expect(latestAdultBirthDate(new Date(2026, 0, 5))).toBe('2008-01-05');
  });
});

describe('sign-up field problems, all at once in the form order', () => {
  it('names every missing field of an empty form', () => {
    const empty = { firstName: '', lastName: ' ', dateOfBirth: '', email: '', password: '' };
    expect(Object.entries(signUpFieldProblems(empty, today))).toEqual([
      ['firstName', 'required'],
      ['lastName', 'required'],
      ['dateOfBirth', 'required'],
      ['email', 'required'],
      ['password', 'required'],
    ]);
  });
  it('gives each filled field its own rule', () => {
    expect(signUpFieldProblems(valid, today)).toEqual({});
    expect(signUpFieldProblems({ ...valid, dateOfBirth: '2008-11-23', password: 'password1!' }, today)).toEqual({
      dateOfBirth: 'age_requirement_not_met',
      password: 'password_too_weak',
    });
  });
});
