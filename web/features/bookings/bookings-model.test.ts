import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../core/contracts/bookings.ts';
import type { SchedulePayment } from '../../../core/contracts/money.ts';
import { cardAmount, canCancel, groupBookings, groupHostBookings, isoToday, isUpcoming, stayLength } from './bookings-model.ts';

type Status = 'pending' | 'confirmed' | 'declined' | 'expired' | 'cancelled' | 'completed';
const booking = (id: string, status: Status, checkIn: string, checkOut: string, createdAt = '2025-01-01T00:00:00Z') => ({
  id,
  status,
  checkIn,
  checkOut,
  createdAt,
});

const today = '2025-06-15';

describe('groupBookings', () => {
  it('puts pending and confirmed stays ending after today under Upcoming, soonest first', () => {
    const list = [
      booking('later', 'confirmed', '2025-09-01', '2025-10-01'),
      booking('soon', 'pending', '2025-07-01', '2025-08-01'),
      booking('under-way', 'confirmed', '2025-06-10', '2025-06-20'),
    ];
    const { upcoming, past } = groupBookings(list, today);
    expect(upcoming.map((b) => b.id)).toEqual(['under-way', 'soon', 'later']);
    expect(past).toEqual([]);
  });

  it('puts everything else under Past, newest first', () => {
    const list = [
      booking('old', 'completed', '2024-01-01', '2024-02-01'),
      booking('cancelled', 'cancelled', '2025-08-01', '2025-09-01'),
      booking('over', 'confirmed', '2025-05-01', '2025-06-15'),
      booking('declined', 'declined', '2025-07-01', '2025-07-05'),
      booking('expired', 'expired', '2025-03-01', '2025-04-01'),
    ];
    const { upcoming, past } = groupBookings(list, today);
    expect(upcoming).toEqual([]);
    expect(past.map((b) => b.id)).toEqual(['cancelled', 'declined', 'over', 'expired', 'old']);
  });

  it('treats a stay checking out today as past and does not change its input', () => {
    const list = [booking('b', 'confirmed', '2025-06-01', today), booking('a', 'pending', '2025-06-16', '2025-06-17')];
    const copy = [...list];
    const { upcoming, past } = groupBookings(list, today);
    expect(upcoming.map((b) => b.id)).toEqual(['a']);
    expect(past.map((b) => b.id)).toEqual(['b']);
    expect(list).toEqual(copy);
  });

  it('orders equal dates by when they were requested', () => {
    const list = [
      booking('second', 'pending', '2025-07-01', '2025-08-01', '2025-06-02T00:00:00Z'),
      booking('first', 'pending', '2025-07-01', '2025-08-01', '2025-06-01T00:00:00Z'),
    ];
    expect(groupBookings(list, today).upcoming.map((b) => b.id)).toEqual(['first', 'second']);
  });
});

describe('isUpcoming and canCancel', () => {
  it('lets a guest cancel only before the stay starts', () => {
    expect(canCancel(booking('x', 'pending', '2025-06-16', '2025-07-16'), today)).toBe(true);
    expect(canCancel(booking('x', 'confirmed', '2025-06-16', '2025-07-16'), today)).toBe(true);
    expect(canCancel(booking('x', 'confirmed', today, '2025-07-16'), today)).toBe(false);
    expect(isUpcoming(booking('x', 'confirmed', today, '2025-07-16'), today)).toBe(true);
    expect(canCancel(booking('x', 'cancelled', '2025-08-01', '2025-09-01'), today)).toBe(false);
    expect(canCancel(booking('x', 'completed', '2024-08-01', '2024-09-01'), today)).toBe(false);
  });
});

describe('stayLength', () => {
  it('counts hotels in nights, sublets in months and rentals in weeks, rounding up', () => {
    expect(stayLength({ propertyType: 'hotel', checkIn: '2025-06-01', checkOut: '2025-06-04' })).toEqual({ unit: 'night', count: 3 });
    expect(stayLength({ propertyType: 'sublet', checkIn: '2025-06-01', checkOut: '2025-07-06' })).toEqual({ unit: 'month', count: 2 });
    expect(stayLength({ propertyType: 'sublet', checkIn: '2025-06-01', checkOut: '2025-07-01' })).toEqual({ unit: 'month', count: 1 });
    expect(stayLength({ propertyType: 'rental', checkIn: '2025-06-01', checkOut: '2025-06-15' })).toEqual({ unit: 'week', count: 2 });
    expect(stayLength({ propertyType: 'rental', checkIn: '2025-06-01', checkOut: '2025-06-16' })).toEqual({ unit: 'week', count: 3 });
  });
});

describe('isoToday', () => {
  it('writes the local date as yyyy-MM-dd', () => {
    expect(isoToday(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});

describe('groupHostBookings', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const request = (id: string, expiresAt: string | null, checkIn = '2025-07-01') => ({
    ...booking(id, 'pending', checkIn, '2025-08-01'),
    expiresAt,
  });

  it('lists answerable requests first, the one expiring soonest on top', () => {
    const list = [
      request('later', '2025-06-16T10:00:00Z'),
      request('sooner', '2025-06-15T18:00:00Z'),
      { ...booking('stay', 'confirmed', '2025-07-01', '2025-07-05'), expiresAt: null },
    ];
    const groups = groupHostBookings(list, today, now);
    expect(groups.requests.map((b) => b.id)).toEqual(['sooner', 'later']);
    expect(groups.upcoming.map((b) => b.id)).toEqual(['stay']);
    expect(groups.past).toEqual([]);
  });

  it('moves a request past its deadline to Past, where it can no longer be answered', () => {
    const list = [
      request('lapsed', '2025-06-15T11:59:00Z'),
      { ...booking('done', 'completed', '2025-05-01', '2025-05-05'), expiresAt: null },
    ];
    const groups = groupHostBookings(list, today, now);
    expect(groups.requests).toEqual([]);
    expect(groups.upcoming).toEqual([]);
    expect(groups.past.map((b) => b.id)).toEqual(['done', 'lapsed']);
  });
});

describe('cardAmount', () => {
  const period = (sequence: number, amount: number, status: SchedulePayment['status']): SchedulePayment => ({
    id: `p${sequence}`,
    sequence,
    start: '2027-01-07',
    end: '2027-02-07',
    dueOn: '2026-11-28',
    amount,
    status,
    provider: 'stripe',
    graceOver: false,
    receiptNumber: null,
  });
  const money = (paymentStatus: BookingView['money']['paymentStatus'], schedule: SchedulePayment[]) =>
    ({ paymentStatus, schedule }) as unknown as BookingView['money'];

  it('a stay paid at once: its total', () => {
    expect(cardAmount({ total: 5000, money: money('captured', []) })).toBe(5000);
  });
  it('a long stay: the first period while held, then only the periods paid', () => {
    const schedule = [period(0, 3726, 'succeeded'), period(1, 3240, 'succeeded'), period(2, 3240, 'failed'), period(3, 3240, 'scheduled')];
    expect(cardAmount({ total: 13446, money: money('authorized', schedule) })).toBe(3726);
    expect(cardAmount({ total: 13446, money: money('captured', schedule) })).toBe(6966);
  });
});
