import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { bookingStatesBefore } from '../../core/booking-states.ts';
import type { BookingStatus } from '../../core/constants.ts';
import { paymentStatesBefore, type PaymentStatus } from '../../core/payment-states.ts';
import type { Database } from './database.ts';
import { bookings } from './schema.ts';

/**
 * A move of bookings' states: the status and/or payment status they go to, the other columns that
 * change with them (never the states themselves), and which rows the statement means.
 */
export interface BookingMove {
  status?: BookingStatus;
  paymentStatus?: PaymentStatus;
  set?: Omit<PgUpdateSetSource<typeof bookings>, 'status' | 'paymentStatus'>;
  where: SQL | undefined;
}

/**
 * The one way a booking's status or payment status is written once the booking exists
 * (docs/decisions/043-states-as-data.md): a conditional UPDATE that moves only rows whose current
 * states may move to the new ones under core/booking-states.ts and core/payment-states.ts
 * (`status IN (every state from which it is allowed)`), on top of the statement's own conditions.
 * A row that a concurrent request has moved on no longer matches (PostgreSQL checks the condition
 * again once the row's lock is free), so a race loses cleanly instead of overwriting, and no
 * statement can make a move the tables forbid. Chain `.returning(...)` to learn which rows moved.
 */
export function moveBookings(db: Pick<Database, 'update'>, move: BookingMove) {
  const { status, paymentStatus } = move;
  if (status === undefined && paymentStatus === undefined) throw new Error('moveBookings: a move names a status or a payment status');
  return db
    .update(bookings)
    .set({ ...move.set, ...(status ? { status } : {}), ...(paymentStatus ? { paymentStatus } : {}) })
    .where(
      and(
        move.where,
        status ? inArray(bookings.status, bookingStatesBefore(status)) : undefined,
        paymentStatus ? inArray(bookings.paymentStatus, paymentStatesBefore(paymentStatus)) : undefined,
      ),
    );
}
