import { describe, expect, it } from 'vitest';
import { initialRooms, roomsReducer } from '../../components/search/rooms.ts';
import { submitExplore, summaryParts, type ExploreForm } from './explore-model.ts';

const today = '2030-05-10';
const form = (overrides: Partial<ExploreForm> = {}): ExploreForm => ({
  type: 'sublet',
  location: '',
  checkIn: '',
  checkOut: '',
  rooms: initialRooms,
  ...overrides,
});

describe('the home search', () => {
  it('lists every problem in the spec order: location first for sublets and rentals', () => {
    expect(submitExplore(form(), today)).toEqual({
      ok: false,
      errors: ['location_required', 'check_in_required', 'check_out_required'],
    });
    expect(submitExplore(form({ type: 'rental' }), today)).toMatchObject({
      errors: ['location_required', 'check_in_required', 'check_out_required'],
    });
  });

  it('asks hotels for a destination', () => {
    expect(submitExplore(form({ type: 'hotel' }), today)).toMatchObject({
      errors: ['destination_required', 'check_in_required', 'check_out_required'],
    });
  });

  it('refuses a check-out not after check-in and a check-in in the past', () => {
    expect(submitExplore(form({ location: 'Haifa', checkIn: '2030-05-09', checkOut: '2030-05-09' }), today)).toMatchObject({
      errors: ['check_out_not_after_check_in', 'check_in_in_past'],
    });
  });

  it('gives the canonical /results query string', () => {
    expect(submitExplore(form({ location: ' Tel Aviv ', checkIn: '2030-05-10', checkOut: '2030-06-10' }), today)).toEqual({
      ok: true,
      queryString: 'type=sublet&location=Tel+Aviv&checkIn=2030-05-10&checkOut=2030-06-10',
    });
  });

  it("adds rooms, guests and the children's ages to hotel searches only", () => {
    const rooms = roomsReducer(roomsReducer(initialRooms, { type: 'addRoom' }), { type: 'setChildren', room: 0, children: 1 });
    const dates = { location: 'Eilat', checkIn: '2030-05-11', checkOut: '2030-05-13', rooms };
    expect(submitExplore(form({ type: 'hotel', ...dates }), today)).toEqual({
      ok: true,
      queryString: 'type=hotel&location=Eilat&checkIn=2030-05-11&checkOut=2030-05-13&rooms=2&guests=5&children=10',
    });
    expect(submitExplore(form({ type: 'rental', ...dates }), today)).toEqual({
      ok: true,
      queryString: 'type=rental&location=Eilat&checkIn=2030-05-11&checkOut=2030-05-13',
    });
  });

  it('summarises only what was chosen', () => {
    expect(summaryParts({ location: ' ', checkIn: '', checkOut: '' })).toEqual({ location: null, from: null, to: null });
    expect(summaryParts({ location: 'Haifa', checkIn: '2030-01-01', checkOut: '' })).toEqual({
      location: 'Haifa',
      from: '2030-01-01',
      to: null,
    });
  });
});
