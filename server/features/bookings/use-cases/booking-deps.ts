import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database.ts';
import type { PaymentProvider } from '../../../payments/payment-provider.ts';
import * as payments from '../booking-payments-repository.ts';
import * as paymentRows from '../payment-rows-repository.ts';
import * as periods from '../period-rows-repository.ts';
import * as refunds from '../booking-refunds.ts';
import * as refundParts from '../refund-parts-repository.ts';
import * as views from '../booking-views-repository.ts';
import * as bookings from '../bookings-repository.ts';
import * as stayChanges from '../stay-changes-repository.ts';
import * as unpaidChanges from '../unpaid-changes-repository.ts';
import { mailBookingChange, type BookingMail } from '../booking-mail.ts';

/** The repositories a booking use case reads and writes through (each only reads and writes). */
export const bookingRepositories = { bookings, payments, paymentRows, periods, refunds, refundParts, views, stayChanges, unpaidChanges };
export type BookingRepositories = typeof bookingRepositories;

/** Tells the guest and/or the host what happened to a booking (booking-mail.ts over the mail queue). */
export type BookingMailer = (bookingId: string, mails: BookingMail[]) => Promise<void>;

/** Told of each booking decision, for /metrics: requested, instant, accepted, declined, cancelled, conflict, expired, completed. */
export type CountBookingOutcome = (outcome: string, count?: number) => void;

/**
 * What every booking use case is given (decision 053): the database and the repositories over it,
 * the card provider (Stripe, or pay on arrival), the mailer, the clock, a log for what is left to
 * the jobs, and the public address links are built from. A use case takes these, returns a domain
 * result or throws a DomainError (core/domain-error.ts), and never names an HTTP status.
 */
export interface BookingDeps {
  db: Database;
  repos: BookingRepositories;
  provider: PaymentProvider;
  mail: BookingMailer;
  clock: () => Date;
  log: FastifyBaseLogger;
  siteUrl: string;
  countOutcome: CountBookingOutcome;
}

/** The deps of the running app: real repositories, the clock, mail through the mail queue. */
export function bookingDeps(options: {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  siteUrl: string;
  countOutcome?: CountBookingOutcome;
  clock?: () => Date;
}): BookingDeps {
  const { db, log, siteUrl } = options;
  return {
    db,
    repos: bookingRepositories,
    provider: options.provider,
    mail: (bookingId, mails) => mailBookingChange(db, log, siteUrl, bookingId, mails),
    clock: options.clock ?? (() => new Date()),
    log,
    siteUrl,
    countOutcome: options.countOutcome ?? (() => undefined),
  };
}
