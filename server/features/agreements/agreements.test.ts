import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StayAgreement } from '../../../core/contracts/agreements.ts';
import { bookings, outgoingMail, stayAgreementAcceptances } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow, type Property } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';

/**
 * The long stay's agreement (issue 37, item 7; decision 055): private to the guest, the host and
 * admins; accepted by the hash of the exact text; a change of the stay makes a new version.
 */

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the stay agreement', () => {
  let t: TestContext;
  let sublet: Property;
  const cookie = {} as Record<'guest' | 'host' | 'admin' | 'stranger', string>;
  let guestId: string;
  let guestEmail: string;

  beforeAll(async () => {
    t = await createTestContext();
    const host = await createUser(t.db, { role: 'host', firstName: 'Dana', lastName: 'Levi', language: 'he' });
    const guest = await createUser(t.db, { firstName: 'Sam', lastName: 'Carter' });
    const admin = await createUser(t.db, { role: 'admin' });
    const stranger = await createUser(t.db, { role: 'host' });
    guestId = guest.id;
    guestEmail = guest.email;
    sublet = await createProperty(t.db, {
      hostId: host.id,
      propertyType: 'sublet',
      address: '12 Vital Street',
      addressHe: 'רחוב ויטל 12',
      houseRules: ['no_smoking', 'quiet_hours'],
      securityDeposit: 2500,
      minStayDays: 30,
    });
    cookie.guest = await signIn(t.app, guest.email);
    cookie.host = await signIn(t.app, host.email);
    cookie.admin = await signIn(t.app, admin.email);
    cookie.stranger = await signIn(t.app, stranger.email);
  });
  afterAll(() => t.close());

  const read = (who: keyof typeof cookie, bookingId: string) =>
    injectAs(t.app, who === 'admin' ? cookie.admin : cookie[who], { method: 'GET', url: `/api/bookings/${bookingId}/agreement` });
  const accept = (who: keyof typeof cookie, bookingId: string, hash: string, remoteAddress = '203.0.113.7') =>
    injectAs(t.app, cookie[who], {
      method: 'POST',
      url: `/api/bookings/${bookingId}/agreement/accept`,
      payload: { sha256: hash },
      remoteAddress,
    });

  it('shows a long stay to its parties and admins, nobody else; shorter stays have none', async () => {
    const stay = await createBooking(t.db, { propertyId: sublet.id, guestId, checkIn: daysFromNow(40), checkOut: daysFromNow(100) });
    for (const who of ['guest', 'host', 'admin'] as const) {
      const response = await read(who, stay.id);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const agreement = response.json() as StayAgreement;
      expect(agreement.viewerRole).toBe(who);
      expect(agreement.version).toBe(1);
      expect(agreement.languages).toEqual({ guest: 'en', host: 'he' });
      expect(agreement.texts.en.sha256).toBe(sha(agreement.texts.en.text));
      expect(agreement.texts.he.sha256).toBe(sha(agreement.texts.he.text));
    }
    expect((await read('stranger', stay.id)).statusCode).toBe(404);
    expect((await read('stranger', stay.id)).json()).toMatchObject({ error: { code: 'agreement_not_found' } });
    const unknown = await read('guest', '6f1c0c9e-0000-4000-8000-000000000001');
    expect(unknown.statusCode).toBe(404);
    const hotel = await createProperty(t.db, { propertyType: 'hotel' });
    const short = await createBooking(t.db, { propertyId: hotel.id, guestId, checkIn: daysFromNow(10), checkOut: daysFromNow(12) });
    expect((await read('guest', short.id)).statusCode).toBe(404);
  });

  it('says the parties, dates, schedule, deposit and rules, and the address only once confirmed', async () => {
    const request = await createBooking(t.db, {
      propertyId: sublet.id,
      guestId,
      status: 'pending',
      decidedAt: null,
      expiresAt: new Date(Date.now() + 86_400_000),
      checkIn: daysFromNow(120),
      checkOut: daysFromNow(185),
    });
    const before = (await read('guest', request.id)).json() as StayAgreement;
    expect(before.texts.en.text).toContain('Sam Carter ("the guest")');
    expect(before.texts.he.text).toContain('Dana Levi (להלן: "המארח")');
    expect(before.texts.en.text).toMatch(/paid in 3 payments/);
    expect(before.texts.en.text).toContain('security deposit of ₪2,500');
    expect(before.texts.he.text).toContain('אסור לעשן.');
    expect(before.texts.en.text).not.toContain('Vital');
    expect(before.texts.he.text).not.toContain('ויטל');

    await t.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, request.id));
    const after = (await read('host', request.id)).json() as StayAgreement;
    expect(after.version).toBe(2);
    expect(after.texts.en.text).toContain('Address: 12 Vital Street.');
    expect(after.texts.he.text).toContain('כתובת: רחוב ויטל 12.');
  });

  it('records each side once with time, address and hash, and refuses a stale hash', async () => {
    const stay = await createBooking(t.db, { propertyId: sublet.id, guestId, checkIn: daysFromNow(200), checkOut: daysFromNow(260) });
    const shown = (await read('guest', stay.id)).json() as StayAgreement;
    expect(shown.canAccept).toBe(true);
    expect(shown.acceptances).toEqual({ guest: null, host: null });

    const stale = await accept('guest', stay.id, 'b'.repeat(64));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'agreement_outdated' } });
    expect((await accept('admin', stay.id, shown.texts.en.sha256)).statusCode).toBe(403);
    expect((await accept('stranger', stay.id, shown.texts.en.sha256)).statusCode).toBe(404);

    const byGuest = await accept('guest', stay.id, shown.texts.en.sha256);
    expect(byGuest.statusCode, byGuest.body).toBe(200);
    const accepted = byGuest.json() as StayAgreement;
    expect(accepted.canAccept).toBe(false);
    expect(accepted.acceptances.guest).toMatchObject({ language: 'en', sha256: shown.texts.en.sha256, ip: null });
    expect(accepted.acceptances.host).toBeNull();
    // Again: nothing more is recorded.
    expect((await accept('guest', stay.id, shown.texts.en.sha256)).statusCode).toBe(200);

    const byHost = await accept('host', stay.id, shown.texts.he.sha256, '198.51.100.4');
    expect(byHost.statusCode).toBe(200);
    const both = (await read('admin', stay.id)).json() as StayAgreement;
    expect(both.acceptances.guest).toMatchObject({ language: 'en', ip: '203.0.113.7' });
    expect(both.acceptances.host).toMatchObject({ language: 'he', sha256: shown.texts.he.sha256, ip: '198.51.100.4' });
    const rows = await t.db.select().from(stayAgreementAcceptances);
    expect(rows.filter((row) => row.userId === guestId)).toHaveLength(1);
  });

  it('makes a new version to accept when the stay changes', async () => {
    const stay = await createBooking(t.db, { propertyId: sublet.id, guestId, checkIn: daysFromNow(300), checkOut: daysFromNow(340) });
    const first = (await read('guest', stay.id)).json() as StayAgreement;
    expect((await accept('guest', stay.id, first.texts.en.sha256)).statusCode).toBe(200);
    expect((await accept('host', stay.id, first.texts.he.sha256)).statusCode).toBe(200);
    // Unchanged: the same version, accepted by both.
    const same = (await read('host', stay.id)).json() as StayAgreement;
    expect(same.version).toBe(1);
    expect(same.acceptances.guest).not.toBeNull();

    // The dates move (another feature's change of the stay; here straight in the database).
    await t.db
      .update(bookings)
      .set({ checkOut: daysFromNow(350), guests: 2 })
      .where(eq(bookings.id, stay.id));
    const second = (await read('host', stay.id)).json() as StayAgreement;
    expect(second.version).toBe(2);
    expect(second.texts.en.sha256).not.toBe(first.texts.en.sha256);
    expect(second.texts.en.text).toContain('50 nights');
    expect(second.texts.en.text).toContain('Guests: 2.');
    expect(second.acceptances).toEqual({ guest: null, host: null });
    expect(second.canAccept).toBe(true);
    // The text read before the change is no longer accepted.
    expect((await accept('guest', stay.id, first.texts.en.sha256)).statusCode).toBe(409);
    expect((await accept('guest', stay.id, second.texts.he.sha256)).statusCode).toBe(200);
  });

  it('stands as it was once the stay is over or cancelled', async () => {
    const stay = await createBooking(t.db, { propertyId: sublet.id, guestId, checkIn: daysFromNow(400), checkOut: daysFromNow(440) });
    const shown = (await read('guest', stay.id)).json() as StayAgreement;
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', checkOut: daysFromNow(445) })
      .where(eq(bookings.id, stay.id));
    const later = (await read('guest', stay.id)).json() as StayAgreement;
    expect(later.version).toBe(1);
    expect(later.canAccept).toBe(false);
    const refused = await accept('guest', stay.id, shown.texts.en.sha256);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'agreement_closed' } });
  });

  it("links the agreement from the stay's confirmation mail", async () => {
    const request = await createBooking(t.db, {
      propertyId: sublet.id,
      guestId,
      status: 'pending',
      decidedAt: null,
      receiptNumber: null,
      expiresAt: new Date(Date.now() + 86_400_000),
      checkIn: daysFromNow(500),
      checkOut: daysFromNow(540),
    });
    const accepted = await injectAs(t.app, cookie.host, { method: 'POST', url: `/api/bookings/${request.id}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mails = await t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, guestEmail));
    const confirmation = mails.find((mail) => mail.textBody.includes(request.id) && mail.textBody.includes('agreement'));
    expect(confirmation?.textBody).toContain(`${t.config.siteUrl}/my-bookings/${request.id}/agreement`);
    expect(confirmation?.htmlBody).toContain(`/my-bookings/${request.id}/agreement`);
  });
});
