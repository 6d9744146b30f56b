import { describe, expect, it } from 'vitest';
import { bookingActionOf } from './booking-action.ts';

describe('bookingActionOf', () => {
  it('books at once only with instant booking and a verified guest; otherwise a rental applies and the rest request', () => {
    expect(bookingActionOf({ type: 'hotel', instantBooking: true }, true)).toBe('book');
    expect(bookingActionOf({ type: 'hotel', instantBooking: true }, false)).toBe('request');
    expect(bookingActionOf({ type: 'hotel', instantBooking: false }, true)).toBe('request');
    expect(bookingActionOf({ type: 'sublet', instantBooking: false }, false)).toBe('request');
    expect(bookingActionOf({ type: 'rental', instantBooking: false }, true)).toBe('apply');
    expect(bookingActionOf({ type: 'rental', instantBooking: true }, true)).toBe('book');
  });
});
