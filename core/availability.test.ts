import { describe, expect, it } from 'vitest';
import { heldRanges, isNightHeld, isStayAvailable, stayIsFree, type Holdings } from './availability.ts';

const home: Holdings = {
  capacity: 1,
  stays: [
    { checkIn: '2030-01-10', checkOut: '2030-01-15', rooms: 1 },
    { checkIn: '2030-01-15', checkOut: '2030-01-17', rooms: 1 },
  ],
  blocks: [{ checkIn: '2030-01-20', checkOut: '2030-01-22' }],
};

describe('availability', () => {
  it('holds a home on the nights of its pending and confirmed stays and of its blocks, merged', () => {
    expect(heldRanges(home, 1, '2030-01-01')).toEqual([
      { checkIn: '2030-01-10', checkOut: '2030-01-17' },
      { checkIn: '2030-01-20', checkOut: '2030-01-22' },
    ]);
    // Nights before `from` are left out.
    expect(heldRanges(home, 1, '2030-01-16')).toEqual([
      { checkIn: '2030-01-16', checkOut: '2030-01-17' },
      { checkIn: '2030-01-20', checkOut: '2030-01-22' },
    ]);
  });

  it('lets a stay end on the day a stay or a block starts, never cross one', () => {
    expect(isStayAvailable(home, { checkIn: '2030-01-05', checkOut: '2030-01-10', rooms: 1 })).toBe(true);
    expect(isStayAvailable(home, { checkIn: '2030-01-17', checkOut: '2030-01-20', rooms: 1 })).toBe(true);
    expect(isStayAvailable(home, { checkIn: '2030-01-17', checkOut: '2030-01-21', rooms: 1 })).toBe(false);
    expect(isStayAvailable(home, { checkIn: '2030-01-21', checkOut: '2030-01-25', rooms: 1 })).toBe(false);
    expect(isStayAvailable(home, { checkIn: '2030-01-01', checkOut: '2030-02-01', rooms: 1 })).toBe(false);
    expect(isStayAvailable(home, { checkIn: '2030-01-22', checkOut: '2030-02-01', rooms: 1 })).toBe(true);
  });

  it('counts a hotel night by night against its room count; a block closes every room', () => {
    const hotel: Holdings = {
      capacity: 3,
      stays: [
        { checkIn: '2030-01-10', checkOut: '2030-01-12', rooms: 1 },
        { checkIn: '2030-01-11', checkOut: '2030-01-14', rooms: 2 },
      ],
      blocks: [{ checkIn: '2030-01-20', checkOut: '2030-01-21' }],
    };
    // Night 11 has all three rooms taken; 12 and 13 one left; 10 two left.
    expect(heldRanges(hotel, 1, '2030-01-01')).toEqual([
      { checkIn: '2030-01-11', checkOut: '2030-01-12' },
      { checkIn: '2030-01-20', checkOut: '2030-01-21' },
    ]);
    expect(heldRanges(hotel, 2, '2030-01-01')).toEqual([
      { checkIn: '2030-01-11', checkOut: '2030-01-14' },
      { checkIn: '2030-01-20', checkOut: '2030-01-21' },
    ]);
    expect(isStayAvailable(hotel, { checkIn: '2030-01-12', checkOut: '2030-01-14', rooms: 1 })).toBe(true);
    expect(isStayAvailable(hotel, { checkIn: '2030-01-12', checkOut: '2030-01-14', rooms: 2 })).toBe(false);
    // Stays that never share a night do not add up.
    expect(isStayAvailable(hotel, { checkIn: '2030-01-09', checkOut: '2030-01-11', rooms: 2 })).toBe(true);
    expect(isStayAvailable(hotel, { checkIn: '2030-01-19', checkOut: '2030-01-21', rooms: 1 })).toBe(false);
  });

  it('tells whether a night or a stay meets held ranges', () => {
    const held = [{ checkIn: '2030-01-10', checkOut: '2030-01-12' }];
    expect([isNightHeld('2030-01-09', held), isNightHeld('2030-01-10', held), isNightHeld('2030-01-12', held)]).toEqual([
      false,
      true,
      false,
    ]);
    expect(stayIsFree(held, { checkIn: '2030-01-12', checkOut: '2030-01-13' })).toBe(true);
    expect(stayIsFree(held, { checkIn: '2030-01-11', checkOut: '2030-01-13' })).toBe(false);
  });
});
