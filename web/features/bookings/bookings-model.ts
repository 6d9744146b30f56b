import { daysBetween, localIsoDate } from '../../../core/dates.ts';
import { daysPerMonth, daysPerWeek, type BookingStatus } from '../../../core/constants.ts';
import type { BookingView } from '../../../core/contracts/bookings.ts';

/** Pure helpers of My Bookings (no React), unit-tested in bookings-model.test.ts. */

export type BookingTab = 'upcoming' | 'past';
export const bookingTabs: readonly BookingTab[] = ['upcoming', 'past'];

type Dated = Pick<BookingView, 'status' | 'checkIn' | 'checkOut' | 'createdAt'>;

/** Today as 'yyyy-MM-dd' in local time (the way stay dates are written). */
export function isoToday(now: Date = new Date()): string {
  return localIsoDate(now);
}

/** A stay still ahead (or under way): pending or confirmed, check-out after today. */
export function isUpcoming(booking: Dated, today: string): boolean {
  return (booking.status === 'pending' || booking.status === 'confirmed') && booking.checkOut > today;
}

/** The guest may cancel a pending or confirmed stay until it starts (the server's rule too). */
export function canCancel(booking: Dated, today: string): boolean {
  return (booking.status === 'pending' || booking.status === 'confirmed') && booking.checkIn > today;
}

/**
 * Upcoming: pending and confirmed stays whose check-out is after today, soonest first.
 * Past: everything else (completed, declined, expired, cancelled and stays already over), newest first.
 */
export function groupBookings<T extends Dated>(bookings: readonly T[], today: string): { upcoming: T[]; past: T[] } {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const booking of bookings) (isUpcoming(booking, today) ? upcoming : past).push(booking);
  upcoming.sort(
    (a, b) => a.checkIn.localeCompare(b.checkIn) || a.checkOut.localeCompare(b.checkOut) || a.createdAt.localeCompare(b.createdAt),
  );
  past.sort((a, b) => b.checkIn.localeCompare(a.checkIn) || b.checkOut.localeCompare(a.checkOut) || b.createdAt.localeCompare(a.createdAt));
  return { upcoming, past };
}

export interface StayLength {
  unit: 'night' | 'week' | 'month';
  count: number;
}

/** How a stay is counted: hotels by the night, sublets by the month (ceil of 30 days), rentals by the week. */
export function stayLength(booking: Pick<BookingView, 'propertyType' | 'checkIn' | 'checkOut'>): StayLength {
  const days = Math.max(0, daysBetween(booking.checkIn, booking.checkOut));
  if (booking.propertyType === 'hotel') return { unit: 'night', count: days };
  if (booking.propertyType === 'sublet') return { unit: 'month', count: Math.max(1, Math.ceil(days / daysPerMonth)) };
  return { unit: 'week', count: Math.max(1, Math.ceil(days / daysPerWeek)) };
}

export type StatusTone = 'green' | 'amber' | 'slate' | 'red' | 'grey';

/** The badge colour of a status: confirmed green, pending amber, completed slate, declined red, expired and cancelled grey. */
export const statusTones: Record<BookingStatus, StatusTone> = {
  confirmed: 'green',
  pending: 'amber',
  completed: 'slate',
  declined: 'red',
  expired: 'grey',
  cancelled: 'grey',
};

/** 'yyyy-MM-dd' as a local date. */
export function parseDay(value: string): Date {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

export type HostTab = 'requests' | 'upcoming' | 'past';
export const hostTabs: readonly HostTab[] = ['requests', 'upcoming', 'past'];

type HostDated = Dated & Pick<BookingView, 'expiresAt'>;

/**
 * The host's lists. Requests: pending and still answerable, the one expiring first on top. Upcoming:
 * confirmed stays not over yet, soonest first. Past: everything else, newest first.
 */
export function groupHostBookings<T extends HostDated>(
  bookings: readonly T[],
  today: string,
  now: Date = new Date(),
): Record<HostTab, T[]> {
  const requests: T[] = [];
  const rest: T[] = [];
  for (const booking of bookings) {
    const answerable = booking.status === 'pending' && (booking.expiresAt === null || Date.parse(booking.expiresAt) > now.getTime());
    (answerable ? requests : rest).push(booking);
  }
  requests.sort((a, b) => (a.expiresAt ?? '').localeCompare(b.expiresAt ?? '') || a.checkIn.localeCompare(b.checkIn));
  const { upcoming, past } = groupBookings(
    rest.filter((booking) => booking.status !== 'pending'),
    today,
  );
  return { requests, upcoming, past: [...past, ...rest.filter((booking) => booking.status === 'pending')] };
}

/**
 * What the card line of a booking names as paid or held: a long stay paid period by period (decision
 * 054) has paid only its periods that succeeded, and its hold was its first period alone; any other
 * stay, its total. ("Paid ₪13,446" beside a schedule with a month still to pay was wrong.)
 */
export function cardAmount(booking: Pick<BookingView, 'total' | 'money'>): number {
  const { schedule, paymentStatus } = booking.money;
  if (schedule.length === 0) return booking.total;
  if (paymentStatus === 'authorized') return schedule[0]!.amount;
  return schedule.filter((payment) => payment.status === 'succeeded').reduce((sum, payment) => sum + payment.amount, 0);
}
