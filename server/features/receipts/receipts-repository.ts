import { actsAsAdmin } from '../../../core/second-factor-rules.ts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { daysBetween } from '../../../core/dates.ts';
import type { Receipt } from '../../../core/contracts/receipts.ts';
import { placeLabel } from '../../../core/format.ts';
import type { Language } from '../../../core/languages.ts';
import type { Database } from '../../db/database.ts';
import { cityOfListing, cityOfListingJoin, placeOfListing, placeOfListingJoin } from '../../db/listing-card-sql.ts';
import { bookings, ledgerEntries, ledgerTransactions, payments, profiles, properties } from '../../db/schema.ts';
import type { PeriodStatus } from '../../../core/payment-states.ts';
import { DomainError } from '../../../core/domain-error.ts';

const hostProfile = alias(profiles, 'receipt_host_profile');
const guestProfile = alias(profiles, 'receipt_guest_profile');

const fullName = (profile: { firstName: string | null; lastName: string | null } | null) =>
  [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');

/**
 * A stay's receipt for `viewer`: its guest, the listing's host or an admin. Anyone else, and any
 * stay without a receipt number (never confirmed), gets the same 404: nothing tells them it exists.
 * The price lines are the booking's stored quote; the charges and refunds are the ledger's
 * provider_balance lines of the booking (card stays only: money paid on arrival never passes through us).
 */
export async function findReceipt(
  db: Database,
  viewer: { id: string; role: string; secondFactorSetupRequired?: boolean | undefined },
  bookingId: string,
  language: Language,
): Promise<Receipt> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      receiptNumber: bookings.receiptNumber,
      decidedAt: bookings.decidedAt,
      createdAt: bookings.createdAt,
      status: bookings.status,
      propertyId: properties.id,
      propertyType: properties.propertyType,
      propertyTitle: language === 'he' ? properties.titleHe : properties.titleEn,
      placeName: language === 'he' ? placeOfListing.nameHe : placeOfListing.nameEn,
      cityName: language === 'he' ? cityOfListing.nameHe : cityOfListing.nameEn,
      placeId: properties.placeId,
      cityId: properties.cityId,
      hostId: properties.hostId,
      guestId: bookings.guestId,
      hostFirst: hostProfile.firstName,
      hostLast: hostProfile.lastName,
      guestFirst: guestProfile.firstName,
      guestLast: guestProfile.lastName,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      rooms: bookings.rooms,
      guests: bookings.guests,
      quote: bookings.quote,
      subtotal: bookings.subtotal,
      serviceFee: bookings.serviceFee,
      total: bookings.total,
      cancellationPolicy: bookings.cancellationPolicy,
      paymentMethod: bookings.paymentMethod,
      paymentStatus: bookings.paymentStatus,
      refunded: bookings.refunded,
      cancelledBy: bookings.cancelledBy,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(placeOfListing, placeOfListingJoin)
    .innerJoin(cityOfListing, cityOfListingJoin)
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .where(eq(bookings.id, bookingId));
  const allowed = row && (actsAsAdmin(viewer) || viewer.id === row.guestId || viewer.id === row.hostId);
  if (!row || !allowed || row.receiptNumber === null) throw new DomainError('receipt_not_found', 'No such receipt');

  const movements = await db
    .select({ kind: ledgerTransactions.kind, amount: ledgerEntries.amount, at: ledgerTransactions.createdAt })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.bookingId, bookingId),
        inArray(ledgerTransactions.kind, ['capture', 'refund']),
        eq(ledgerEntries.account, 'provider_balance'),
      ),
    )
    .orderBy(asc(ledgerTransactions.id));

  // A long stay's payments, one per period (decision 054): rebuilt ones (cancelled) are left out.
  const periods = await db
    .select({
      sequence: payments.sequence,
      start: payments.periodStart,
      end: payments.periodEnd,
      dueOn: payments.dueOn,
      amount: payments.amount,
      status: payments.status,
      receiptNumber: payments.receiptNumber,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.kind, 'period'), ne(payments.status, 'cancelled')))
    .orderBy(asc(payments.sequence));

  return {
    bookingId: row.bookingId,
    receiptNumber: row.receiptNumber,
    issuedAt: (row.decidedAt ?? row.createdAt).toISOString(),
    status: row.status,
    propertyId: row.propertyId,
    propertyType: row.propertyType,
    propertyTitle: row.propertyTitle,
    location: placeLabel(row.placeName, row.cityName, row.placeId === row.cityId),
    hostName: fullName({ firstName: row.hostFirst, lastName: row.hostLast }),
    guestName: fullName({ firstName: row.guestFirst, lastName: row.guestLast }),
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    nights: row.quote?.nights ?? daysBetween(row.checkIn, row.checkOut),
    rooms: row.rooms,
    guests: row.guests,
    quote: row.quote,
    subtotal: row.subtotal,
    serviceFee: row.serviceFee,
    total: row.total,
    cancellationPolicy: row.cancellationPolicy,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    refunded: row.refunded,
    movements: movements.map((m) => ({
      kind: m.kind === 'capture' ? ('charge' as const) : ('refund' as const),
      amount: Math.abs(m.amount),
      at: m.at.toISOString(),
    })),
    periods: periods.map((period) => ({
      sequence: period.sequence ?? 0,
      start: period.start ?? row.checkIn,
      end: period.end ?? row.checkOut,
      dueOn: period.dueOn ?? row.checkIn,
      amount: period.amount,
      status: period.status as PeriodStatus,
      receiptNumber: period.receiptNumber,
      paidAt: period.paidAt?.toISOString() ?? null,
    })),
    cancelledByHost: row.status === 'cancelled' && row.cancelledBy !== null && row.cancelledBy === row.hostId,
  };
}
