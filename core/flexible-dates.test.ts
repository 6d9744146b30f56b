import { describe, expect, it } from 'vitest';
import { flexibleShifts, flexibleShiftsFrom, shiftedStay } from './flexible-dates.ts';

describe('flexible dates', () => {
  it('tries the asked day first, then a day either side, earlier first, up to a week', () => {
    expect(flexibleShifts(2)).toEqual([0, -1, 1, -2, 2]);
    expect(flexibleShifts()).toHaveLength(15);
  });

  it('never starts before today', () => {
    expect(flexibleShiftsFrom('2030-01-03', '2030-01-01', 3)).toEqual([0, -1, 1, -2, 2, 3]);
    expect(flexibleShiftsFrom('2029-12-01', '2030-01-01')).toEqual([]);
    expect(flexibleShiftsFrom('nope', '2030-01-01')).toEqual([]);
  });

  it('moves the whole stay', () => {
    expect(shiftedStay('2030-01-30', '2030-02-28', 3)).toEqual({ checkIn: '2030-02-02', checkOut: '2030-03-03' });
  });
});
