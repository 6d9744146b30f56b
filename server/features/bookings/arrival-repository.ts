import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { arrivalReminderHours, emptyArrivalInfo, inLanguage, mapLinkOf, type ArrivalInfo } from '../../../core/arrival-info.ts';
import type { BookingStatus } from '../../../core/constants.ts';
import type { BookingArrival } from '../../../core/contracts/bookings.ts';
import type { Language } from '../../../core/languages.ts';
import type { Executor } from '../../db/database.ts';
import { bookings, listingArrivalInfo, profiles, properties, users } from '../../db/schema.ts';

/**
 * A stay's arrival information (issue 41, item 1) and the reminder that carries it 48 hours before
 * check-in. Who may read it is arrival-access.ts; this file only reads and writes.
 */

const guestUser = alias(users, 'arrival_guest_user');
const guestProfile = alias(profiles, 'arrival_guest_profile');
const hostProfile = alias(profiles, 'arrival_host_profile');

export interface StayArrival {
  bookingId: string;
  status: BookingStatus;
  guestId: string;
  hostId: string;
  guest: { email: string; language: Language; firstName: string };
  title: Record<Language, string>;
  checkIn: string;
  checkOut: string;
  checkInTime: string;
  address: string | null;
  addressHe: string | null;
  latitude: number | null;
  longitude: number | null;
  hostFirstName: string;
  hostPhone: string | null;
  info: ArrivalInfo;
}

/** One stay with its listing's address, pin, arrival information and host's phone; undefined when there is no such booking. */
export async function stayArrival(db: Executor, bookingId: string): Promise<StayArrival | undefined> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      status: bookings.status,
      guestId: bookings.guestId,
      hostId: properties.hostId,
      guestEmail: guestUser.email,
      guestLanguage: guestUser.language,
      guestFirstName: guestProfile.firstName,
      titleEn: properties.titleEn,
      titleHe: properties.titleHe,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      checkInTime: properties.checkInTime,
      address: properties.address,
      addressHe: properties.addressHe,
      latitude: properties.latitude,
      longitude: properties.longitude,
      hostFirstName: hostProfile.firstName,
      hostPhone: hostProfile.phone,
      info: listingArrivalInfo,
    })
    .from(bookings)
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .innerJoin(guestUser, eq(guestUser.id, bookings.guestId))
    .leftJoin(guestProfile, eq(guestProfile.userId, bookings.guestId))
    .leftJoin(hostProfile, eq(hostProfile.userId, properties.hostId))
    .leftJoin(listingArrivalInfo, eq(listingArrivalInfo.propertyId, properties.id))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const { info } = row;
  return {
    bookingId: row.bookingId,
    status: row.status,
    guestId: row.guestId,
    hostId: row.hostId,
    guest: { email: row.guestEmail, language: row.guestLanguage, firstName: row.guestFirstName ?? '' },
    title: { en: row.titleEn, he: row.titleHe },
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    checkInTime: row.checkInTime,
    address: row.address,
    addressHe: row.addressHe,
    latitude: row.latitude,
    longitude: row.longitude,
    hostFirstName: row.hostFirstName ?? '',
    hostPhone: row.hostPhone?.trim() || null,
    info: info
      ? {
          checkInInstructionsEn: info.checkInInstructionsEn,
          checkInInstructionsHe: info.checkInInstructionsHe,
          houseManualEn: info.houseManualEn,
          houseManualHe: info.houseManualHe,
          wifiName: info.wifiName,
          wifiPassword: info.wifiPassword,
        }
      : emptyArrivalInfo,
  };
}

/** The stay's arrival information in one language: the Hebrew street address on Hebrew pages, else the English one. */
export function arrivalView(stay: StayArrival, language: Language): BookingArrival {
  const he = language === 'he';
  return {
    bookingId: stay.bookingId,
    title: inLanguage(stay.title.en, stay.title.he, language),
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    checkInTime: stay.checkInTime,
    address: (he && stay.addressHe) || stay.address || null,
    mapUrl: stay.latitude !== null && stay.longitude !== null ? mapLinkOf(stay.latitude, stay.longitude) : null,
    hostFirstName: stay.hostFirstName,
    hostPhone: stay.hostPhone,
    checkInInstructions: inLanguage(stay.info.checkInInstructionsEn, stay.info.checkInInstructionsHe, language),
    houseManual: inLanguage(stay.info.houseManualEn, stay.info.houseManualHe, language),
    wifiName: stay.info.wifiName,
    wifiPassword: stay.info.wifiPassword,
  };
}

/** When a stay's guest may arrive: its check-in day at the listing's check-in time, on Israel's clock. */
const checkInAt = sql`((b.check_in + p.check_in_time::time) at time zone 'Asia/Jerusalem')`;
const reminderWindow = sql.raw(`interval '${arrivalReminderHours} hours'`);

/**
 * Claims the confirmed stays whose check-in is at most 48 hours away and whose guest has not been
 * sent the arrival information for it yet, and marks them sent. The inner SELECT skips rows another
 * instance holds, and the outer UPDATE checks again that no one marked them meanwhile, so each stay
 * is returned by exactly one run however many meet (arrival-jobs.test.ts). Run it in the transaction
 * that queues the mails: a failure then leaves both undone, to be tried again.
 */
export async function claimArrivalReminders(db: Executor, now: Date, limit = 100): Promise<string[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute<{ id: string }>(sql`
    update bookings set arrival_mail_sent_at = ${at}
    where id in (
      select b.id from bookings b join properties p on p.id = b.property_id
      where b.status = 'confirmed' and b.arrival_mail_sent_at is null
        and b.check_in <= (${at} at time zone 'Asia/Jerusalem')::date + 3
        and ${checkInAt} > ${at} and ${checkInAt} <= ${at} + ${reminderWindow}
      order by b.check_in, b.id
      limit ${limit}
      for update of b skip locked)
    and status = 'confirmed' and arrival_mail_sent_at is null
    returning id`);
  return result.rows.map((row) => row.id);
}

/**
 * At confirmation, a stay whose check-in is already less than 48 hours away counts as reminded: the
 * confirmation mail carries the arrival information, and a second copy minutes later would be noise.
 */
export async function markArrivalSentWhenDue(db: Executor, bookingId: string, now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`
    update bookings b set arrival_mail_sent_at = ${at}
    from properties p
    where p.id = b.property_id and b.id = ${bookingId} and b.arrival_mail_sent_at is null
      and ${checkInAt} <= ${at} + ${reminderWindow}`);
}
