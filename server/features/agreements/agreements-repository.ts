import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CancellationPolicy } from '../../../core/cancellation-policies.ts';
import type { BookingStatus, PropertyType } from '../../../core/constants.ts';
import type { Language } from '../../../core/languages.ts';
import type { StayQuote } from '../../../core/quote.ts';
import type { Executor } from '../../db/database.ts';
import { bookings, profiles, properties, stayAgreementAcceptances, stayAgreementVersions, users } from '../../db/schema.ts';

/**
 * Reads and writes of the long stay's agreement (docs/decisions/055-stay-agreement.md). Who may see
 * or accept it, and when a new version is due, is decided in use-cases/; this file decides nothing.
 */

const guestUser = alias(users, 'agreement_guest_user');
const hostUser = alias(users, 'agreement_host_user');
const guestProfile = alias(profiles, 'agreement_guest_profile');
const hostProfile = alias(profiles, 'agreement_host_profile');

export interface AgreementBooking {
  bookingId: string;
  status: BookingStatus;
  guestId: string;
  hostId: string;
  guestLanguage: Language;
  hostLanguage: Language;
  guestFirst: string | null;
  guestLast: string | null;
  hostFirst: string | null;
  hostLast: string | null;
  propertyType: PropertyType;
  titleEn: string;
  titleHe: string;
  address: string | null;
  addressHe: string | null;
  checkInTime: string;
  houseRules: string[];
  securityDeposit: number;
  checkIn: string;
  checkOut: string;
  guests: number;
  quote: StayQuote | null;
  subtotal: number;
  serviceFee: number;
  total: number;
  cancellationPolicy: CancellationPolicy;
  paymentMethod: 'card' | 'on_arrival';
  createdAt: Date;
}

/** A booking with everything its agreement says; undefined when there is no such booking. */
export async function agreementBooking(db: Executor, bookingId: string): Promise<AgreementBooking | undefined> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      guestId: bookings.guestId,
      hostId: properties.hostId,
      guestLanguage: guestUser.language,
      hostLanguage: hostUser.language,
      guestFirst: guestProfile.firstName,
      guestLast: guestProfile.lastName,
      hostFirst: hostProfile.firstName,
      hostLast: hostProfile.lastName,
      propertyType: properties.propertyType,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      address: properties.address,
      addressHe: properties.addressHe,
      checkInTime: properties.checkInTime,
      houseRules: properties.houseRules,
      securityDeposit: properties.securityDeposit,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      guests: bookings.guests,
      quote: bookings.quote,
      subtotal: bookings.subtotal,
      serviceFee: bookings.serviceFee,
      total: bookings.total,
      cancellationPolicy: bookings.cancellationPolicy,
      paymentMethod: bookings.paymentMethod,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guestUser, eq(guestUser.id, bookings.guestId))
    .innerJoin(hostUser, eq(hostUser.id, properties.hostId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .where(eq(bookings.id, bookingId));
  return row;
}

export type AgreementVersionRow = typeof stayAgreementVersions.$inferSelect;
export type AgreementAcceptanceRow = typeof stayAgreementAcceptances.$inferSelect;

/** The booking's latest agreement version, or undefined before the first. */
export async function latestAgreementVersion(db: Executor, bookingId: string): Promise<AgreementVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(stayAgreementVersions)
    .where(eq(stayAgreementVersions.bookingId, bookingId))
    .orderBy(desc(stayAgreementVersions.version))
    .limit(1);
  return row;
}

/**
 * Adds a version; when another request added the same number first, adds nothing (the unique key on
 * booking and number) and the caller reads the latest again.
 */
export async function insertAgreementVersion(
  db: Executor,
  values: Omit<typeof stayAgreementVersions.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(stayAgreementVersions).values(values).onConflictDoNothing();
}

/** The acceptances of one version (at most one per side). */
export async function acceptancesOf(db: Executor, versionId: string): Promise<AgreementAcceptanceRow[]> {
  return db.select().from(stayAgreementAcceptances).where(eq(stayAgreementAcceptances.versionId, versionId));
}

/**
 * Records a side's acceptance of a version once: a second one for the same side (two taps, two tabs,
 * two instances) meets the unique key and adds nothing.
 */
export async function insertAcceptance(
  db: Executor,
  values: Omit<typeof stayAgreementAcceptances.$inferInsert, 'id' | 'acceptedAt'> & { acceptedAt: Date },
): Promise<void> {
  await db.insert(stayAgreementAcceptances).values(values).onConflictDoNothing();
}
