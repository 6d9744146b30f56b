import { noFees } from '../../../core/listing-fees.ts';
import { describe, expect, it } from 'vitest';
import type { ListingDetail } from '../../../core/contracts/listings.ts';
import {
  amenityList,
  clampParty,
  evaluateStay,
  firstBlockedNight,
  initialParty,
  initialStay,
  isDayDisabled,
  isNightBlocked,
  leaseEndDate,
  listingIdOf,
  partyLimits,
  signInPathFrom,
  stayIsBlocked,
  stayToParams,
  wrapIndex,
} from './property-model.ts';

const window = {
  availableFrom: '2030-01-01',
  availableUntil: '2030-03-01',
  held: [{ checkIn: '2030-01-10', checkOut: '2030-01-15' }],
};

function listing(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return {
    id: 1,
    type: 'hotel',
    title: 'Hotel',
    description: '',
    location: 'Tel Aviv',
    address: null,
    photos: [],
    amenities: [],
    houseRules: [],
    petFriendly: false,
    swapAvailable: false,
    starRating: 4,
    roomCount: 3,
    pricePerNight: 455,
    pricePerWeek: null,
    pricePerMonth: null,
    durationMonths: null,
    leaseOptions: [],
    bedrooms: 1,
    bathrooms: 1,
    maxGuests: 2,
    availableFrom: null,
    availableUntil: null,
    minStayDays: 1,
    maxStayDays: 30,
    keepsShabbat: false,
    instantBooking: false,
    verifiedPlace: false,
    fees: noFees,
    cancellationPolicy: 'moderate',
    serviceFeeRate: 0.1,
    longStayDueDaysBefore: 3,
    checkInTime: '15:00',
    city: { slug: 'tel-aviv', latitude: 32.0853, longitude: 34.7818 },
    area: { latitude: 32.0871, longitude: 34.7802 },
    priceRules: [],
    ratingAverage: null,
    reviewCount: 0,
    saved: false,
    host: {
      id: 'h',
      firstName: 'Dana',
      photoUrl: null,
      idVerified: true,
      ratingAverage: null,
      reviewCount: 0,
      responseTimeHours: 2,
      responseRate: 100,
      memberSince: '2024-01-01',
      superHost: false,
    },
    categoryAverages: { cleanliness: null, accuracy: null, communication: null, location: null, value: null },
    reviews: [],
    ...overrides,
  };
}

describe('listingIdOf', () => {
  it('defaults to 1 and rejects what is not a positive whole number', () => {
    expect(listingIdOf(undefined)).toBe(1);
    expect(listingIdOf('42')).toBe(42);
    expect(listingIdOf('0')).toBeNull();
    expect(listingIdOf('abc')).toBeNull();
    expect(listingIdOf('1.5')).toBeNull();
  });
});

describe('nights and days', () => {
  it('blocks nights outside availability and held nights (checkIn <= d < checkOut)', () => {
    expect(isNightBlocked('2029-12-31', window)).toBe(true);
    expect(isNightBlocked('2030-01-01', window)).toBe(false);
    expect(isNightBlocked('2030-01-09', window)).toBe(false);
    expect(isNightBlocked('2030-01-10', window)).toBe(true);
    expect(isNightBlocked('2030-01-14', window)).toBe(true);
    expect(isNightBlocked('2030-01-15', window)).toBe(false);
    expect(isNightBlocked('2030-02-28', window)).toBe(false);
    expect(isNightBlocked('2030-03-01', window)).toBe(true);
  });

  it('finds the first blocked night from a day', () => {
    expect(firstBlockedNight('2030-01-02', window)).toBe('2030-01-10');
    expect(firstBlockedNight('2030-01-12', window)).toBe('2030-01-12');
    expect(firstBlockedNight('2030-01-15', window)).toBe('2030-03-01');
    expect(firstBlockedNight('2030-01-15', { availableFrom: null, availableUntil: null, held: [] })).toBeNull();
  });

  it('tells whether a stay overlaps a blocked night', () => {
    expect(stayIsBlocked('2030-01-05', '2030-01-10', window)).toBe(false);
    expect(stayIsBlocked('2030-01-05', '2030-01-11', window)).toBe(true);
    expect(stayIsBlocked('2030-01-15', '2030-02-01', window)).toBe(false);
    expect(stayIsBlocked('2030-02-20', '2030-03-02', window)).toBe(true);
  });
});

describe('isDayDisabled', () => {
  const state = { ...window, today: '2030-01-03', checkIn: '', checkOut: '' };

  it('disables past days, days outside availability and held nights', () => {
    expect(isDayDisabled('2030-01-02', state)).toBe(true);
    expect(isDayDisabled('2030-01-03', state)).toBe(false);
    expect(isDayDisabled('2030-01-10', state)).toBe(true);
    expect(isDayDisabled('2030-01-15', state)).toBe(false);
    expect(isDayDisabled('2030-03-01', state)).toBe(true);
  });

  it('while picking the end, enables the first blocked night as a check-out day only', () => {
    const picking = { ...state, checkIn: '2030-01-05' };
    expect(isDayDisabled('2030-01-10', picking)).toBe(false);
    expect(isDayDisabled('2030-01-11', picking)).toBe(true);
    const late = { ...state, checkIn: '2030-02-20' };
    expect(isDayDisabled('2030-03-01', late)).toBe(false);
    expect(isDayDisabled('2030-03-02', late)).toBe(true);
    // Once the stay is complete the rule no longer applies.
    expect(isDayDisabled('2030-01-10', { ...picking, checkOut: '2030-01-08' })).toBe(true);
  });
});

describe('leases and the URL', () => {
  it('ends a lease its length after the start', () => {
    expect(leaseEndDate('2030-01-01', '1 week')).toBe('2030-01-08');
    expect(leaseEndDate('2030-01-01', '3 months')).toBe('2030-04-01');
    expect(leaseEndDate('', '1 week')).toBe('');
    expect(leaseEndDate('2030-01-01', 'forever')).toBe('');
  });

  it('preselects valid dates inside the date horizon and an offered lease', () => {
    const now = new Date('2029-06-01T12:00:00Z');
    const params = new URLSearchParams('checkIn=2030-01-01&checkOut=2030-01-05&lease=1%20month');
    expect(initialStay(params, ['1 month'], now)).toEqual({ checkIn: '2030-01-01', checkOut: '2030-01-05', leaseOption: '1 month' });
    expect(initialStay(params, [], now)).toEqual({ checkIn: '2030-01-01', checkOut: '2030-01-05', leaseOption: '' });
    // An old link's stay, or one beyond two years ahead, is left out: the API would refuse it.
    expect(initialStay(params, [], new Date('2030-02-01T12:00:00Z'))).toEqual({ checkIn: '', checkOut: '', leaseOption: '' });
    expect(initialStay(params, [], new Date('2027-06-01T12:00:00Z'))).toEqual({ checkIn: '', checkOut: '', leaseOption: '' });
    expect(initialStay(new URLSearchParams('checkIn=2030-01-01&lease=1%20week'), ['1 week'], now)).toEqual({
      checkIn: '2030-01-01',
      checkOut: '2030-01-08',
      leaseOption: '1 week',
    });
    expect(initialStay(new URLSearchParams('checkIn=2030-02-30&checkOut=2030-01-01'), [], new Date('2029-06-01T12:00:00Z'))).toEqual({
      checkIn: '',
      checkOut: '',
      leaseOption: '',
    });
  });
});

describe('evaluateStay', () => {
  const today = '2030-01-01';

  it('adds the Shabbat check of a listing that keeps Shabbat after the date problems, when it is given', () => {
    const rental = listing({ type: 'rental', pricePerWeek: 2500, minStayDays: 1, maxStayDays: 180 });
    const stay = { checkIn: '2030-01-04', checkOut: '2030-01-08', rooms: 1, leaseOption: '' };
    const check = (dates: { checkIn: string; checkOut: string }) =>
      dates.checkIn === '2030-01-04' ? (['check_in_after_candle_lighting'] as const) : [];
    expect(evaluateStay(rental, [], stay, today, check)?.problem).toBe('check_in_after_candle_lighting');
    // Until the rules have loaded the panel checks the rest (the server still checks them).
    expect(evaluateStay(rental, [], stay, today)?.problem).toBeNull();
  });

  it('refuses a total beyond what a stay may cost (core/quote.ts maxStayTotal), as the server does', () => {
    const palace = listing({ pricePerNight: 1_000_000, roomCount: 8, maxStayDays: 365 });
    const stay = { checkIn: '2030-01-02', checkOut: '2031-01-02', rooms: 8, leaseOption: '' };
    expect(evaluateStay(palace, [], stay, today)?.problem).toBe('stay_total_too_high');
    expect(evaluateStay(palace, [], { ...stay, checkOut: '2030-01-03', rooms: 1 }, today)?.problem).toBe('stay_total_too_high');
    expect(evaluateStay(listing({ pricePerNight: 900_000 }), [], { ...stay, checkOut: '2030-01-03', rooms: 1 }, today)?.problem).toBeNull();
  });

  it('waits for both dates', () => {
    expect(evaluateStay(listing(), [], { checkIn: '2030-01-02', checkOut: '', rooms: 1, leaseOption: '' }, today)).toBeNull();
  });

  it('prices a hotel stay by nights and rooms with a 10 % service fee', () => {
    const result = evaluateStay(listing(), [], { checkIn: '2030-01-02', checkOut: '2030-01-05', rooms: 2, leaseOption: '' }, today);
    expect(result?.problem).toBeNull();
    expect(result?.quote).toMatchObject({ unit: 'night', units: 3, rate: 455, rooms: 2, subtotal: 2730, serviceFee: 273, total: 3003 });
  });

  it('adds the seasonal rules of the listing page and asks their minimum stays', () => {
    const rule = {
      startDate: '2030-01-03',
      endDate: '2030-01-10',
      preset: 'hanukkah' as const,
      adjustPercent: 20,
      price: null,
      minNights: 3,
    };
    const hotel = listing({ priceRules: [rule] });
    const stay = { checkIn: '2030-01-02', checkOut: '2030-01-05', rooms: 1, leaseOption: '' };
    const result = evaluateStay(hotel, [], stay, today);
    // 3 × 455, and two of the nights 20 % dearer: + 2 × 91.
    expect(result?.problem).toBeNull();
    expect(result?.quote).toMatchObject({ units: 3, rate: 455, subtotal: 1547, serviceFee: 155, total: 1702 });
    expect(result?.quote?.seasonal).toEqual([{ rule, nights: 2, amount: 182 }]);
    expect(evaluateStay(hotel, [], { ...stay, checkOut: '2030-01-04' }, today)?.problem).toBe('season_stay_too_short');
  });

  it('prices long sublets by months and the last part-month by its nights, rentals by started weeks', () => {
    const sublet = listing({ type: 'sublet', pricePerMonth: 6000, minStayDays: 30, maxStayDays: 365, roomCount: null });
    // January 2 → March 2 is two months; March 2 → 5 is 3 of that month's 31 nights (issue 37 item 9).
    const quote = evaluateStay(sublet, [], { checkIn: '2030-01-02', checkOut: '2030-03-05', rooms: 1, leaseOption: '' }, today)?.quote;
    expect(quote).toMatchObject({ unit: 'month', units: 2.1, subtotal: 12600, total: 13860 });
    // And its payments, month by month, adding up to the total.
    expect(quote?.schedule?.map((payment) => payment.start)).toEqual(['2030-01-02', '2030-02-02', '2030-03-02']);
    expect(quote?.schedule?.reduce((sum, payment) => sum + payment.amount, 0)).toBe(13860);
    // Each later month due the platform's 3 days before it starts…
    expect(quote?.schedule?.map((payment) => payment.dueOn)).toEqual([today, '2030-01-30', '2030-02-27']);
    // …or the days an admin set, which the listing's page carries (decision 060).
    const later = evaluateStay(
      { ...sublet, longStayDueDaysBefore: 10 },
      [],
      { checkIn: '2030-01-02', checkOut: '2030-03-05', rooms: 1, leaseOption: '' },
      today,
    );
    expect(later?.quote?.schedule?.map((payment) => payment.dueOn)).toEqual([today, '2030-01-23', '2030-02-20']);
    const rental = listing({ type: 'rental', pricePerWeek: 2500, minStayDays: 7, maxStayDays: 180, leaseOptions: ['1 month'] });
    expect(
      evaluateStay(rental, [], { checkIn: '2030-01-02', checkOut: '2030-01-12', rooms: 1, leaseOption: '' }, today)?.quote,
    ).toMatchObject({
      unit: 'week',
      units: 2,
      subtotal: 5000,
    });
  });

  it('reports the first stay problem, then held nights', () => {
    const sublet = listing({ type: 'sublet', pricePerMonth: 6000, minStayDays: 30, maxStayDays: 365 });
    expect(evaluateStay(sublet, [], { checkIn: '2030-01-02', checkOut: '2030-01-10', rooms: 1, leaseOption: '' }, today)?.problem).toBe(
      'stay_too_short',
    );
    expect(evaluateStay(listing(), [], { checkIn: '2030-01-02', checkOut: '2030-01-05', rooms: 4, leaseOption: '' }, today)?.problem).toBe(
      'too_many_rooms',
    );
    const held = [{ checkIn: '2030-01-03', checkOut: '2030-01-04' }];
    expect(
      evaluateStay(listing(), held, { checkIn: '2030-01-02', checkOut: '2030-01-05', rooms: 1, leaseOption: '' }, today)?.problem,
    ).toBe('dates_unavailable');
    expect(
      evaluateStay(listing(), held, { checkIn: '2030-01-04', checkOut: '2030-01-05', rooms: 1, leaseOption: '' }, today)?.problem,
    ).toBeNull();
  });
});

describe('amenityList', () => {
  it('lists included amenities of the type first, then the others as not included', () => {
    const list = amenityList('hotel', ['spa', 'free_wifi']);
    expect(list.slice(0, 2)).toEqual([
      { key: 'free_wifi', included: true },
      { key: 'spa', included: true },
    ]);
    // 19 hotel amenities (with the five accessibility features), two of them included.
    expect(list.filter((item) => !item.included)).toHaveLength(17);
    expect(amenityList('sublet', ['kitchen', 'gym']).slice(0, 2)).toEqual([
      { key: 'kitchen', included: true },
      { key: 'gym', included: true },
    ]);
  });
});

describe('wrapIndex', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(2, 1, 3)).toBe(1 - 1);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('rooms and guests', () => {
  const hotel = { type: 'hotel' as const, maxGuests: 3, roomCount: 20 };
  const home = { type: 'sublet' as const, maxGuests: 4, roomCount: null };

  it("bound a home's guests by maxGuests, and a hotel's by maxGuests per room and its rooms by its room count and the booking limit", () => {
    expect(partyLimits(home, 1)).toEqual({ maxRooms: 1, maxGuests: 4 });
    expect(partyLimits(home, 5)).toEqual({ maxRooms: 1, maxGuests: 4 });
    expect(partyLimits(hotel, 2)).toEqual({ maxRooms: 8, maxGuests: 6 });
    expect(partyLimits({ ...hotel, roomCount: 2 }, 5)).toEqual({ maxRooms: 2, maxGuests: 6 });
    expect(partyLimits({ ...hotel, roomCount: null }, 1)).toEqual({ maxRooms: 1, maxGuests: 3 });
  });

  it('are brought within those bounds', () => {
    expect(clampParty(hotel, { rooms: 1, guests: 5 })).toEqual({ rooms: 1, guests: 3, children: [] });
    expect(clampParty(hotel, { rooms: 12, guests: 40 })).toEqual({ rooms: 8, guests: 24, children: [] });
    expect(clampParty(home, { rooms: 3, guests: 0 })).toEqual({ rooms: 1, guests: 1, children: [] });
    expect(clampParty(home, { rooms: Number.NaN, guests: 2.7 })).toEqual({ rooms: 1, guests: 2, children: [] });
  });

  it('are read from the URL, leniently', () => {
    expect(initialParty(new URLSearchParams('rooms=2&guests=5'), hotel)).toEqual({ rooms: 2, guests: 5, children: [] });
    expect(initialParty(new URLSearchParams('rooms=2&guests=9'), hotel)).toEqual({ rooms: 2, guests: 6, children: [] });
    expect(initialParty(new URLSearchParams('rooms=two&guests=-1'), hotel)).toEqual({ rooms: 1, guests: 1, children: [] });
    expect(initialParty(new URLSearchParams('guests=3&rooms=2'), home)).toEqual({ rooms: 1, guests: 3, children: [] });
    expect(initialParty(new URLSearchParams(''), home)).toEqual({ rooms: 1, guests: 1, children: [] });
    // Children's ages come with a hotel party; infants under two take no place, so a room of three takes four with a baby.
    expect(initialParty(new URLSearchParams('guests=4&children=4,9'), hotel)).toEqual({ rooms: 1, guests: 3, children: [4, 9] });
    expect(initialParty(new URLSearchParams('guests=4&children=1,9'), hotel)).toEqual({ rooms: 1, guests: 4, children: [1, 9] });
    expect(initialParty(new URLSearchParams('rooms=2&guests=4&children=4,9'), hotel)).toEqual({ rooms: 2, guests: 4, children: [4, 9] });
    expect(initialParty(new URLSearchParams('guests=4&children=4,99'), hotel)).toEqual({ rooms: 1, guests: 3, children: [] });
    expect(initialParty(new URLSearchParams('guests=3&children=4'), home)).toEqual({ rooms: 1, guests: 3, children: [] });
  });
});

describe('stayToParams', () => {
  const stay = { checkIn: '2030-01-02', checkOut: '2030-01-05', rooms: 2, guests: 3, leaseOption: '' };

  it('writes the stay and party, keeping other parameters', () => {
    const params = stayToParams(new URLSearchParams('ref=mail'), stay, 'hotel');
    expect(Object.fromEntries(params)).toEqual({ ref: 'mail', checkIn: '2030-01-02', checkOut: '2030-01-05', rooms: '2', guests: '3' });
  });

  it('leaves out defaults and what the listing type does not use', () => {
    const cleared = stayToParams(
      new URLSearchParams('checkIn=2030-01-02&checkOut=2030-01-05&rooms=2&guests=3'),
      { ...stay, checkIn: '', checkOut: '', rooms: 1, guests: 1 },
      'hotel',
    );
    expect(cleared.toString()).toBe('');
    expect(Object.fromEntries(stayToParams(new URLSearchParams(), { ...stay, leaseOption: '1 month' }, 'sublet'))).toEqual({
      checkIn: '2030-01-02',
      checkOut: '2030-01-05',
      guests: '3',
    });
    expect(stayToParams(new URLSearchParams(), { ...stay, leaseOption: '1 month' }, 'rental').get('lease')).toBe('1 month');
  });

  it("writes a hotel party's children's ages, never a home's", () => {
    expect(stayToParams(new URLSearchParams(), { ...stay, guests: 4, children: [4, 9] }, 'hotel').get('children')).toBe('4,9');
    expect(stayToParams(new URLSearchParams('children=4'), { ...stay, guests: 4, children: [] }, 'hotel').has('children')).toBe(false);
    expect(stayToParams(new URLSearchParams(), { ...stay, guests: 4, children: [4] }, 'sublet').has('children')).toBe(false);
  });

  it('never writes an end date without a start', () => {
    expect(stayToParams(new URLSearchParams(), { ...stay, checkIn: '' }, 'sublet').has('checkOut')).toBe(false);
  });
});

describe('signInPathFrom', () => {
  it('comes back to the page and its query, without the language prefix (the caller localizes)', () => {
    expect(signInPathFrom({ pathname: '/he/property/7', search: '?checkIn=2030-01-02&guests=2' })).toBe(
      `/auth?next=${encodeURIComponent('/property/7?checkIn=2030-01-02&guests=2')}`,
    );
    expect(signInPathFrom({ pathname: '/property/7', search: '' })).toBe('/auth?next=%2Fproperty%2F7');
  });
});
