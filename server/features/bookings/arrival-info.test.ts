import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrivalInfoLimits } from '../../../core/arrival-info.ts';
import { bookings, outgoingMail, users } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow, type Property } from '../../seed/factories.ts';
import { createTestContext, injectAs, writeHeaders, type TestContext } from '../../test/test-app.ts';
import { sendArrivalReminders } from './arrival-jobs.ts';

/**
 * Issue 41, item 1: a host writes arrival information; the guest of a confirmed stay (and the host
 * and admins) read it with the address, a map link and the host's phone; nobody else ever gets it.
 */
describe('arrival information', () => {
  let t: TestContext;
  const cookie = {} as Record<'host' | 'otherHost' | 'guest' | 'hebrewGuest' | 'requestGuest' | 'otherGuest' | 'admin', string>;
  let guestEmail: string;
  let hebrewGuestEmail: string;
  let home: Property;
  let stay: string;
  let request: string;
  let cancelled: string;
  const secrets = {
    checkInInstructionsEn: 'The key box code is 4815, by the blue door.',
    checkInInstructionsHe: 'הקוד של תיבת המפתחות הוא 4815, ליד הדלת הכחולה.',
    houseManualEn: 'Recycling goes in the yellow bin downstairs.',
    houseManualHe: 'מחזור בפח הצהוב למטה.',
    wifiName: 'Lina-Sea-Loft',
    wifiPassword: 'hummus-4-all-2027',
  };
  const hostPhone = '+972-54-555-0199';

  let address = 0;
  async function signInAs(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email, password: 'Passw0rd!' },
      remoteAddress: `10.41.0.${++address}`,
    });
    const session = response.cookies.find((c) => c.name === 'lina_session');
    if (!session) throw new Error(`sign-in failed: ${response.body}`);
    return `${session.name}=${session.value}`;
  }
  const get = (who: keyof typeof cookie | null, url: string) =>
    who === null ? t.app.inject({ method: 'GET', url }) : injectAs(t.app, cookie[who], { method: 'GET', url });

  beforeAll(async () => {
    t = await createTestContext();
    const host = await createUser(t.db, { role: 'host', firstName: 'Hila', profile: { phone: hostPhone } });
    const otherHost = await createUser(t.db, { role: 'host' });
    const guest = await createUser(t.db, { firstName: 'Gil' });
    const hebrewGuest = await createUser(t.db, { firstName: 'דנה', language: 'he' });
    const requestGuest = await createUser(t.db);
    const otherGuest = await createUser(t.db);
    const admin = await createUser(t.db, { role: 'admin' });
    guestEmail = guest.email;
    hebrewGuestEmail = hebrewGuest.email;
    const people = { host, otherHost, guest, hebrewGuest, requestGuest, otherGuest, admin };
    for (const [name, user] of Object.entries(people)) cookie[name as keyof typeof cookie] = await signInAs(user.email);
    home = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId: host.id,
      titleEn: 'Sea loft',
      titleHe: 'לופט ים',
      address: '12 Herzl St, Haifa',
      addressHe: 'הרצל 12, חיפה',
      latitude: 32.8156,
      longitude: 34.9892,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
    });
    stay = (await createBooking(t.db, { propertyId: home.id, guestId: guest.id, checkIn: daysFromNow(20), checkOut: daysFromNow(23) })).id;
    request = (
      await createBooking(t.db, {
        propertyId: home.id,
        guestId: requestGuest.id,
        status: 'pending',
        decidedAt: null,
        expiresAt: new Date(Date.now() + 3_600_000),
        checkIn: daysFromNow(40),
        checkOut: daysFromNow(42),
      })
    ).id;
    cancelled = (
      await createBooking(t.db, {
        propertyId: home.id,
        guestId: otherGuest.id,
        status: 'cancelled',
        checkIn: daysFromNow(50),
        checkOut: daysFromNow(52),
      })
    ).id;
  });
  afterAll(() => t.close());

  it('lets the host write it in both languages, saved at once and bounded', async () => {
    const url = `/api/host/listings/${home.id}/arrival`;
    expect((await get('host', url)).json()).toEqual({
      checkInInstructionsEn: '',
      checkInInstructionsHe: '',
      houseManualEn: '',
      houseManualHe: '',
      wifiName: '',
      wifiPassword: '',
    });
    const saved = await injectAs(t.app, cookie.host, { method: 'PUT', url, payload: secrets });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(secrets);
    expect((await get('host', url)).json()).toEqual(secrets);
    // An approved listing stays as it was: arrival information is not a reviewed change.
    expect((await get('host', `/api/host/listings/${home.id}`)).json().pendingChanges).toBe(false);

    const tooLong = { ...secrets, houseManualEn: 'x'.repeat(arrivalInfoLimits.houseManualMax + 1) };
    expect((await injectAs(t.app, cookie.host, { method: 'PUT', url, payload: tooLong })).statusCode).toBe(400);
    expect((await injectAs(t.app, cookie.host, { method: 'PUT', url, payload: { wifiName: 'x' } })).statusCode).toBe(400);
    // Nobody else reads or writes it.
    expect((await get('otherHost', url)).statusCode).toBe(404);
    expect((await get('guest', url)).statusCode).toBe(404);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await injectAs(t.app, cookie.otherHost, { method: 'PUT', url, payload: secrets })).statusCode).toBe(404);
  });

  it('shows the guest of a confirmed stay the address, a map link, the phone and the texts, in their language', async () => {
    const en = await get('guest', `/api/bookings/${stay}/arrival?lang=en`);
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toBe('no-store');
    expect(en.json()).toMatchObject({
      title: 'Sea loft',
      address: '12 Herzl St, Haifa',
      mapUrl: 'https://www.openstreetmap.org/?mlat=32.815600&mlon=34.989200#map=17/32.815600/34.989200',
      hostFirstName: 'Hila',
      hostPhone,
      checkInInstructions: secrets.checkInInstructionsEn,
      houseManual: secrets.houseManualEn,
      wifiName: secrets.wifiName,
      wifiPassword: secrets.wifiPassword,
    });
    const he = (await get('guest', `/api/bookings/${stay}/arrival?lang=he`)).json();
    expect(he).toMatchObject({ title: 'לופט ים', address: 'הרצל 12, חיפה', checkInInstructions: secrets.checkInInstructionsHe });
    // The host and admins see it too.
    expect((await get('host', `/api/bookings/${stay}/arrival`)).statusCode).toBe(200);
    expect((await get('admin', `/api/bookings/${request}/arrival`)).statusCode).toBe(200);
  });

  it('gives nothing to a guest whose request is not confirmed, a cancelled guest, another guest or a visitor', async () => {
    const pending = await get('requestGuest', `/api/bookings/${request}/arrival`);
    expect(pending.statusCode).toBe(403);
    expect(pending.json().error.code).toBe('arrival_info_unavailable');
    expect((await get('otherGuest', `/api/bookings/${cancelled}/arrival`)).statusCode).toBe(403);
    expect((await get('otherGuest', `/api/bookings/${stay}/arrival`)).statusCode).toBe(404);
    expect((await get('otherHost', `/api/bookings/${stay}/arrival`)).statusCode).toBe(404);
    expect((await get(null, `/api/bookings/${stay}/arrival`)).statusCode).toBe(401);
    for (const response of [pending]) {
      for (const secret of [...Object.values(secrets), hostPhone]) expect(response.body).not.toContain(secret);
    }
  });

  it('never puts it in the property page or search, for anyone', async () => {
    const urls = [
      `/api/properties/${home.id}`,
      `/api/properties/${home.id}?lang=he`,
      '/api/search?type=sublets',
      '/api/search?type=sublets&lang=he',
      '/api/bookings',
      '/api/bookings?lang=he',
    ];
    for (const who of ['requestGuest', 'otherGuest', 'guest', 'otherHost'] as const) {
      for (const url of urls) {
        const response = await get(who, url);
        for (const secret of [...Object.values(secrets), hostPhone]) expect(response.body, `${who} ${url}`).not.toContain(secret);
      }
    }
    const visitor = await get(null, `/api/properties/${home.id}`);
    for (const secret of [...Object.values(secrets), hostPhone]) expect(visitor.body).not.toContain(secret);
  });

  it('mails it to the guest at confirmation, in their language, and not again 48 hours before when check-in was that close', async () => {
    // A Hebrew-speaking guest's request starting tomorrow, accepted by the host.
    const soon = await createBooking(t.db, {
      propertyId: home.id,
      guestId: await userIdOf(hebrewGuestEmail),
      status: 'pending',
      decidedAt: null,
      expiresAt: new Date(Date.now() + 3_600_000),
      checkIn: daysFromNow(1),
      checkOut: daysFromNow(3),
    });
    expect((await injectAs(t.app, cookie.host, { method: 'POST', url: `/api/bookings/${soon.id}/accept` })).statusCode).toBe(200);
    const mails = await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, hebrewGuestEmail));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain('ההזמנה אושרה');
    for (const part of [secrets.checkInInstructionsHe, secrets.houseManualHe, 'הרצל 12, חיפה', hostPhone, secrets.wifiPassword]) {
      expect(mail.textBody).toContain(part);
    }
    expect(mail.htmlBody).toContain('href="https://www.openstreetmap.org/?mlat=32.815600&amp;mlon=34.989200');
    expect(mail.textBody).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Confirmed less than 48 hours before check-in: the reminder does not follow minutes later.
    const [row] = await t.db.select({ sent: bookings.arrivalMailSentAt }).from(bookings).where(eq(bookings.id, soon.id));
    expect(row!.sent).not.toBeNull();
    expect(await sendArrivalReminders(t.db, t.config.siteUrl)).not.toContain(soon.id);
  });

  it('reminds each guest once, 48 hours before check-in, in their language, and only confirmed stays', async () => {
    const due = await createBooking(t.db, {
      propertyId: home.id,
      guestId: await userIdOf(guestEmail),
      checkIn: daysFromNow(4),
      checkOut: daysFromNow(6),
    });
    // Check-in at 15:00, Israel time (UTC+2 or +3): not yet 50 hours before, due 46 hours before.
    const checkInAt = new Date(`${daysFromNow(4)}T15:00:00+02:00`);
    const early = new Date(checkInAt.getTime() - 50 * 3_600_000);
    const onTime = new Date(checkInAt.getTime() - 46 * 3_600_000);
    expect(await sendArrivalReminders(t.db, t.config.siteUrl, early)).not.toContain(due.id);
    const first = await sendArrivalReminders(t.db, t.config.siteUrl, onTime);
    expect(first).toContain(due.id);
    expect(first).not.toContain(request);
    expect(first).not.toContain(cancelled);
    expect(await sendArrivalReminders(t.db, t.config.siteUrl, onTime)).toEqual([]);
    const reminders = (await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, guestEmail))).filter((mail) =>
      mail.subject.startsWith('Your stay starts soon'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain(secrets.checkInInstructionsEn);
    expect(reminders[0]!.textBody).toContain('12 Herzl St, Haifa');
    expect(reminders[0]!.textBody).toContain(hostPhone);
    expect(reminders[0]!.textBody).toContain(`${t.config.siteUrl}/my-bookings`);
  });

  async function userIdOf(email: string) {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  }
});
