import { describe, expect, it } from 'vitest';
import { stayProblems } from './booking-rules.ts';
import { countedGuests, formatChildAges, normalizedParty, parseChildAges, partyFits, placesPerRoom } from './party.ts';

describe('the party rule', () => {
  it('counts every guest but infants under two', () => {
    expect(countedGuests(4, [4, 9])).toBe(4);
    expect(countedGuests(4, [1, 9])).toBe(3);
    expect(countedGuests(4, [0, 1])).toBe(2);
    expect(countedGuests(3, [])).toBe(3);
  });

  it('fits a hotel per room and a home as a whole', () => {
    expect(partyFits({ propertyType: 'hotel', maxGuests: 2 }, { guests: 4, children: [4, 9], rooms: 2 })).toBe(true);
    expect(partyFits({ propertyType: 'hotel', maxGuests: 2 }, { guests: 4, children: [4, 9], rooms: 1 })).toBe(false);
    expect(partyFits({ propertyType: 'hotel', maxGuests: 3 }, { guests: 4, children: [1, 9] })).toBe(true);
    expect(partyFits({ propertyType: 'sublet', maxGuests: 3 }, { guests: 4, children: [1], rooms: 2 })).toBe(true);
    expect(partyFits({ propertyType: 'sublet', maxGuests: 3 }, { guests: 4, rooms: 2 })).toBe(false);
    expect(placesPerRoom(5, 2)).toBe(3);
    expect(placesPerRoom(4, 0)).toBe(4);
  });

  it('reads ages strictly and writes them back', () => {
    expect(parseChildAges(['4,9'])).toEqual([4, 9]);
    expect(parseChildAges(['4', '0'])).toEqual([4, 0]);
    expect(parseChildAges([''])).toEqual([]);
    expect(parseChildAges(['18'])).toBeNull();
    expect(parseChildAges(['-1'])).toBeNull();
    expect(parseChildAges(['4.5'])).toBeNull();
    expect(parseChildAges([Array.from({ length: 33 }, () => '5').join(',')])).toBeNull();
    expect(formatChildAges([4, 9])).toBe('4,9');
  });

  it('gives a shared link a party with an adult', () => {
    expect(normalizedParty(2, [4, 9])).toEqual({ guests: 3, children: [4, 9] });
    expect(normalizedParty(undefined, [4])).toEqual({ guests: 2, children: [4] });
    expect(normalizedParty(3, null)).toEqual({ guests: 3, children: [] });
  });

  it('lets a booking check capacity with the ages', () => {
    const hotel = {
      propertyType: 'hotel' as const,
      pricePerNight: 500,
      pricePerWeek: null,
      pricePerMonth: null,
      availableFrom: null,
      availableUntil: null,
      minStayDays: 1,
      maxStayDays: 30,
      roomCount: 5,
      maxGuests: 3,
      leaseOptions: [],
    };
    const stay = { checkIn: '2030-01-01', checkOut: '2030-01-03', guests: 4 };
    expect(stayProblems(hotel, { ...stay, children: [1, 7] }, '2029-12-01')).toEqual([]);
    expect(stayProblems(hotel, { ...stay, children: [4, 7] }, '2029-12-01')).toEqual(['too_many_guests']);
  });
});
