import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, profiles, properties, securityEvents } from '../../db/schema.ts';
import { createBooking, createPlace, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');

describe('admin', () => {
  let t: TestContext;
  let admin: string;
  let guest: string;
  let host: string;
  let adminId: string;
  let guestId: string;
  let hostId: string;

  const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    injectAs(t.app, cookie, payload === undefined ? { method, url } : { method, url, payload: payload as Record<string, unknown> });
  const mailbox = async () => (await t.app.inject('/api/dev/mailbox')).json() as { to: string; subject: string; text: string }[];
  const eventsOf = (type: string) => t.db.select().from(securityEvents).where(eq(securityEvents.eventType, type));

  beforeAll(async () => {
    t = await createTestContext();
    adminId = (await createUser(t.db, { email: 'admin@example.com', role: 'admin', firstName: 'Ada' })).id;
    guestId = (await createUser(t.db, { email: 'guest@example.com', firstName: 'Gil' })).id;
    hostId = (await createUser(t.db, { email: 'host@example.com', role: 'host', firstName: 'Hila' })).id;
    admin = await signIn(t.app, 'admin@example.com');
    guest = await signIn(t.app, 'guest@example.com');
    host = await signIn(t.app, 'host@example.com');
  });
  afterAll(() => t.close());

  it('refuses visitors (401) and non-admins (403) on every admin route', async () => {
    const adminRoutes: [string, string][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/verifications'],
      ['POST', `/api/admin/verifications/${guestId}/approve`],
      ['POST', `/api/admin/verifications/${guestId}/reject`],
      ['POST', '/api/admin/listings/1/approve'],
      ['POST', '/api/admin/listings/1/reject'],
      ['POST', '/api/admin/listing-changes/1/approve'],
      ['POST', '/api/admin/listing-changes/1/reject'],
      ['GET', '/api/admin/listings/1/place-document'],
      ['POST', '/api/admin/places/1/approve'],
      ['POST', '/api/admin/places/1/reject'],
      // Move-in protection (decision 056).
      ['GET', '/api/admin/move-in-reports'],
      ['POST', '/api/admin/move-in-reports/00000000-0000-4000-8000-000000000001/decision'],
      ['GET', '/api/admin/reports'],
      ['PATCH', '/api/admin/reports/1'],
      ['GET', '/api/admin/users'],
      ['PATCH', `/api/admin/users/${guestId}/role`],
      ['POST', `/api/admin/users/${guestId}/suspend`],
      ['POST', `/api/admin/users/${guestId}/reactivate`],
      ['GET', '/api/admin/settings'],
      ['PATCH', '/api/admin/settings'],
      ['POST', '/api/admin/settings/mail-preview'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/audit.csv'],
      ['GET', '/api/admin/contact-messages'],
      ['GET', '/api/admin/newsletter-subscriptions'],
      ['GET', '/api/admin/job-applications'],
      ['GET', '/api/admin/job-applications/1/cv'],
      ['GET', '/api/admin/analytics/page-views'],
      ['GET', '/api/admin/signups'],
      ['GET', '/api/admin/calendar-conflicts'],
      ['GET', '/api/admin/finance/months'],
      ['GET', '/api/admin/finance/months.csv'],
      ['GET', '/api/admin/finance/payouts-due'],
      ['GET', '/api/admin/finance/payouts-due.csv'],
      ['GET', '/api/admin/finance/upcoming-payouts'],
      ['POST', '/api/admin/finance/payouts'],
      ['POST', '/api/admin/finance/fee-payments'],
      ['GET', '/api/admin/account-deletions'],
    ];
    // A new admin route fails this test until it is added to the list above.
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const registered = Object.entries(paths).flatMap(([path, methods]) =>
      path.startsWith('/api/admin/') ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`) : [],
    );
    const normalize = (url: string) =>
      url
        .replace(guestId, '{id}')
        .replace('00000000-0000-4000-8000-000000000001', '{id}')
        .replace(/\/1(\/|$)/, '/{id}$1');
    expect(registered.map((r) => r.replace(/\{\w+\}/g, '{id}')).sort()).toEqual(adminRoutes.map(([m, u]) => `${m} ${normalize(u)}`).sort());
    for (const [method, url] of adminRoutes) {
      const visitor = await t.app.inject({
        method: method as 'GET',
        url,
        headers: writeHeaders,
        payload: method === 'GET' ? undefined : {},
      });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      for (const cookie of [guest, host]) {
        const response = await as(cookie, method as 'GET', url, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('approves an uploaded ID: the profile shows verified; rejecting mails the reason and allows a new upload', async () => {
    const upload = () =>
      injectAs(t.app, guest, {
        method: 'POST',
        url: '/api/profile/id-document',
        payload: pdf,
        headers: { 'content-type': 'application/pdf' },
      });
    expect((await upload()).statusCode).toBe(200);
    const queue = (await as(admin, 'GET', '/api/admin/verifications')).json();
    const entry = queue.idDocuments.find((d: { userId: string }) => d.userId === guestId);
    expect(entry).toMatchObject({ email: 'guest@example.com', status: 'pending', documentUrl: `/api/users/${guestId}/id-document` });
    const document = await as(admin, 'GET', entry.documentUrl);
    expect(document.statusCode).toBe(200);
    expect((await as(host, 'GET', entry.documentUrl)).statusCode).toBe(403);

    const short = await as(admin, 'POST', `/api/admin/verifications/${guestId}/reject`, { reason: '' });
    expect(short.statusCode).toBe(400);
    expect((await as(admin, 'POST', `/api/admin/verifications/${guestId}/reject`, { reason: 'The photo is blurred' })).statusCode).toBe(
      200,
    );
    const rejected = (await as(guest, 'GET', '/api/profile')).json();
    expect(rejected).toMatchObject({ idVerificationStatus: 'rejected', verificationRejectionReason: 'The photo is blurred' });
    const mail = await eventually(async () =>
      (await mailbox()).find((m) => m.to === 'guest@example.com' && m.text.includes('The photo is blurred')),
    );
    expect(mail.subject).toBe('We could not verify your ID');

    expect((await upload()).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/admin/verifications/${guestId}/approve`)).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/admin/verifications/${guestId}/approve`)).json().error.code).toBe('already_decided');
    expect((await as(guest, 'GET', '/api/profile')).json()).toMatchObject({ idVerificationStatus: 'verified', isVerified: true });
    const events = await eventually(async () => {
      const rows = await eventsOf('ADMIN_ACTION');
      return rows.length >= 2 ? rows : null;
    });
    expect(events.map((e) => e.description)).toContain(`ID verification approved for user ${guestId}`);
    expect(events.every((e) => e.userId === adminId)).toBe(true);
  });

  it('approves and rejects submitted listings', async () => {
    const waiting = await createProperty(t.db, { hostId, status: 'submitted', titleEn: 'Loft waiting' });
    const other = await createProperty(t.db, { hostId, status: 'submitted', titleEn: 'Loft to fix' });
    const queue = (await as(admin, 'GET', '/api/admin/verifications')).json();
    expect(queue.listings.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([waiting.id, other.id]));
    expect((await as(admin, 'POST', `/api/admin/listings/${waiting.id}/approve`)).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/admin/listings/${other.id}/reject`, { reason: 'Photos are missing' })).statusCode).toBe(200);
    const [approved] = await t.db.select().from(properties).where(eq(properties.id, waiting.id));
    const [rejected] = await t.db.select().from(properties).where(eq(properties.id, other.id));
    expect(approved).toMatchObject({ status: 'approved' });
    expect(approved!.publishedAt).not.toBeNull();
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Photos are missing' });
  });

  it('takes reports from signed-in users and moves them pending → investigating → resolved', async () => {
    const listing = await createProperty(t.db, { hostId });
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: writeHeaders,
      payload: { targetType: 'property', propertyId: listing.id, reason: 'scam' },
    });
    expect(visitor.statusCode).toBe(401);
    const filed = await as(guest, 'POST', '/api/reports', {
      targetType: 'property',
      propertyId: listing.id,
      reason: 'scam',
      details: 'Asked me to pay by wire',
    });
    expect(filed.statusCode).toBe(201);
    const userReport = await as(host, 'POST', '/api/reports', { targetType: 'user', userId: guestId, reason: 'inappropriate' });
    expect(userReport.statusCode).toBe(201);
    expect((await as(guest, 'POST', '/api/reports', { targetType: 'user', userId: guestId, reason: 'other' })).json().error.code).toBe(
      'cannot_report_self',
    );
    expect((await as(guest, 'POST', '/api/reports', { targetType: 'property', reason: 'other' })).statusCode).toBe(400);
    expect(
      (await as(host, 'POST', '/api/reports', { targetType: 'property', propertyId: listing.id, reason: 'other' })).json().error.code,
    ).toBe('cannot_report_own_listing');
    // A draft is not on any page: reporting it answers as if it did not exist.
    const draft = await createProperty(t.db, { hostId, status: 'draft', publishedAt: null });
    expect((await as(guest, 'POST', '/api/reports', { targetType: 'property', propertyId: draft.id, reason: 'other' })).statusCode).toBe(
      404,
    );

    const id = filed.json().id;
    const listed = (await as(admin, 'GET', '/api/admin/reports?status=pending')).json();
    expect(listed.find((r: { id: number }) => r.id === id)).toMatchObject({
      reporterEmail: 'guest@example.com',
      propertyId: listing.id,
      details: 'Asked me to pay by wire',
    });
    expect((await as(admin, 'PATCH', `/api/admin/reports/${id}`, { status: 'investigating', notes: 'Called the host' })).statusCode).toBe(
      200,
    );
    expect((await as(admin, 'PATCH', `/api/admin/reports/${id}`, { status: 'pending' })).json().error.code).toBe('invalid_transition');
    expect((await as(admin, 'PATCH', `/api/admin/reports/${id}`, { status: 'resolved', notes: 'Listing removed' })).statusCode).toBe(200);
    const resolved = (await as(admin, 'GET', '/api/admin/reports?status=resolved')).json();
    expect(resolved.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'resolved', notes: 'Listing removed' });
  });

  it('searches users, changes roles, and a suspended user loses their session and cannot sign in', async () => {
    const victim = await createUser(t.db, { email: 'suspect@example.com', firstName: 'Sami', lastName: 'Suspect' });
    const session = await signIn(t.app, 'suspect@example.com');
    const found = (await as(admin, 'GET', '/api/admin/users?q=sami%20sus')).json();
    expect(found.map((u: { email: string }) => u.email)).toEqual(['suspect@example.com']);
    expect((await as(admin, 'GET', '/api/admin/users?role=admin')).json().map((u: { email: string }) => u.email)).toEqual([
      'admin@example.com',
    ]);

    expect((await as(admin, 'PATCH', `/api/admin/users/${victim.id}/role`, { role: 'host' })).statusCode).toBe(200);
    expect((await as(admin, 'PATCH', `/api/admin/users/${adminId}/role`, { role: 'guest' })).json().error.code).toBe('cannot_change_self');
    expect((await as(admin, 'POST', `/api/admin/users/${victim.id}/suspend`)).statusCode).toBe(200);
    expect((await as(session, 'GET', '/api/profile')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: writeHeaders,
      payload: { email: 'suspect@example.com', password: 'Passw0rd!' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('account_suspended');
    expect((await as(admin, 'GET', '/api/admin/users?status=suspended')).json()).toMatchObject([
      { email: 'suspect@example.com', role: 'host' },
    ]);

    expect((await as(admin, 'POST', `/api/admin/users/${victim.id}/reactivate`)).statusCode).toBe(200);
    await signIn(t.app, 'suspect@example.com');
    await eventually(async () => (await eventsOf('USER_SUSPENDED')).length === 1 && (await eventsOf('ROLE_CHANGED')).length === 1);
  });

  it('suspending a host takes their listings down, declines their pending requests, lists their stays ahead; reactivation brings the listings back', async () => {
    const suspect = await createUser(t.db, { email: 'shady-host@example.com', role: 'host', firstName: 'Shay' });
    const place = await createPlace(t.db, { nameEn: 'Suspension Town', nameHe: 'עיר ההשעיה' });
    const stayLimits = { availableFrom: daysFromNow(1), availableUntil: daysFromNow(400), minStayDays: 1, maxStayDays: 365 };
    const live = await createProperty(t.db, {
      hostId: suspect.id,
      propertyType: 'rental',
      placeId: place.id,
      titleEn: 'Shady loft',
      ...stayLimits,
    });
    const paused = await createProperty(t.db, {
      hostId: suspect.id,
      propertyType: 'rental',
      placeId: place.id,
      status: 'paused',
      ...stayLimits,
    });
    const waiting = await createUser(t.db, { email: 'waiting-guest@example.com', firstName: 'Wendy' });
    const request = await createBooking(t.db, {
      propertyId: live.id,
      guestId: waiting.id,
      status: 'pending',
      checkIn: daysFromNow(20),
      checkOut: daysFromNow(27),
    });
    const stay = await createBooking(t.db, {
      propertyId: live.id,
      guestId,
      status: 'confirmed',
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(67),
    });
    await createBooking(t.db, { propertyId: live.id, guestId, status: 'completed', checkIn: daysFromNow(-30), checkOut: daysFromNow(-23) });
    await as(guest, 'PUT', `/api/saved/${live.id}`);
    const searchIds = async () =>
      (await as(guest, 'GET', `/api/search?type=rental&location=${encodeURIComponent('Suspension Town')}`))
        .json()
        .results.map((r: { id: number }) => r.id);
    expect(await searchIds()).toEqual([live.id]);

    expect((await as(admin, 'POST', `/api/admin/users/${suspect.id}/suspend`)).statusCode).toBe(200);
    expect(await searchIds()).toEqual([]);
    // Published once and taken down: gone (410, issue 41), not merely unknown.
    expect((await as(guest, 'GET', `/api/properties/${live.id}`)).statusCode).toBe(410);
    expect((await as(guest, 'GET', `/api/properties/${live.id}/held-dates`)).statusCode).toBe(404);
    expect((await as(guest, 'GET', '/api/saved')).json().listings).toEqual([]);
    const refused = await as(guest, 'POST', '/api/bookings', {
      propertyId: live.id,
      checkIn: daysFromNow(100),
      checkOut: daysFromNow(107),
    });
    expect(refused.statusCode).toBe(404);
    const [declined] = await t.db.select().from(bookings).where(eq(bookings.id, request.id));
    expect(declined!.status).toBe('declined');
    const mail = await eventually(async () => (await mailbox()).find((m) => m.to === 'waiting-guest@example.com'));
    expect(mail.subject).toBe('Booking request declined: Shady loft');
    // The confirmed stay ahead is the admin's to sort out with the guest: it is listed on the host's row.
    const [row] = (await as(admin, 'GET', '/api/admin/users?q=shady-host')).json();
    expect(row).toMatchObject({
      status: 'suspended',
      staysAhead: [
        {
          bookingId: stay.id,
          propertyId: live.id,
          title: 'Shady loft',
          checkIn: daysFromNow(60),
          checkOut: daysFromNow(67),
          guestEmail: 'guest@example.com',
        },
      ],
    });
    expect(row.staysAhead).toHaveLength(1);
    // A listing of theirs that was waiting for review and is approved now stays down with the account.
    const queued = await createProperty(t.db, {
      hostId: suspect.id,
      propertyType: 'rental',
      placeId: place.id,
      status: 'submitted',
      ...stayLimits,
    });
    expect((await as(admin, 'POST', `/api/admin/listings/${queued.id}/approve`)).statusCode).toBe(200);
    // Approved (so published) while its host is suspended: taken down with the account, 410 (issue 41).
    expect((await as(guest, 'GET', `/api/properties/${queued.id}`)).statusCode).toBe(410);

    expect((await as(admin, 'POST', `/api/admin/users/${suspect.id}/reactivate`)).statusCode).toBe(200);
    expect((await searchIds()).sort()).toEqual([live.id, queued.id].sort());
    expect((await as(guest, 'GET', `/api/properties/${live.id}`)).statusCode).toBe(200);
    // The paused listing stays paused: reactivation restores exactly what suspension took down.
    const [stillPaused] = await t.db.select({ status: properties.status }).from(properties).where(eq(properties.id, paused.id));
    expect(stillPaused!.status).toBe('paused');
  });

  it('a request racing a suspension is either refused or declined: none stays pending', async () => {
    const racer = await createUser(t.db, { email: 'racing-host@example.com', role: 'host' });
    const listing = await createProperty(t.db, {
      hostId: racer.id,
      propertyType: 'rental',
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 7,
      maxStayDays: 365,
    });
    const requests = Array.from({ length: 8 }, (_, i) =>
      as(guest, 'POST', '/api/bookings', { propertyId: listing.id, checkIn: daysFromNow(10 + i * 10), checkOut: daysFromNow(17 + i * 10) }),
    );
    const [suspended, ...answers] = await Promise.all([as(admin, 'POST', `/api/admin/users/${racer.id}/suspend`), ...requests]);
    expect(suspended.statusCode).toBe(200);
    expect(answers.every((answer) => answer.statusCode === 201 || answer.statusCode === 404)).toBe(true);
    const left = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.propertyId, listing.id));
    expect(left.filter((booking) => booking.status !== 'declined')).toEqual([]);
    expect(left.length).toBe(answers.filter((answer) => answer.statusCode === 201).length);
  });

  it('a commission change applies to the next booking, and shows in the monthly revenue', async () => {
    const listing = await createProperty(t.db, {
      hostId,
      propertyType: 'sublet',
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(400),
      minStayDays: 1,
      maxStayDays: 365,
    });
    const settings = (await as(admin, 'GET', '/api/admin/settings')).json();
    expect(settings.commissionRates).toEqual({ hotel: 0.12, sublet: 0.08, rental: 0.1 });
    expect(settings.mailDefaults.verificationRejected.he.body).toContain('{{reason}}');
    const saved = await as(admin, 'PATCH', '/api/admin/settings', { commissionRates: { ...settings.commissionRates, sublet: 0.15 } });
    expect(saved.json().commissionRates.sublet).toBe(0.15);
    const booked = await as(guest, 'POST', '/api/bookings', {
      propertyId: listing.id,
      checkIn: daysFromNow(10),
      checkOut: daysFromNow(40),
    });
    expect(booked.statusCode).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.propertyId, listing.id));
    expect(row!.commissionRate).toBeCloseTo(0.15);

    const before = (await as(admin, 'GET', '/api/admin/stats')).json();
    await createBooking(t.db, {
      propertyId: listing.id,
      guestId,
      status: 'confirmed',
      subtotal: 1000,
      commissionRate: 0.1,
      decidedAt: new Date(),
      checkIn: daysFromNow(100),
      checkOut: daysFromNow(130),
    });
    const after = (await as(admin, 'GET', '/api/admin/stats')).json();
    expect(after.monthlyRevenue.value - before.monthlyRevenue.value).toBe(100);
    expect(after.totalUsers.value).toBeGreaterThanOrEqual(4);
    expect(Object.keys(after)).toEqual(['totalUsers', 'activeListings', 'monthlyRevenue', 'pendingReviews']);
  });

  it('switching launch mode to live makes search public, and back', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?type=hotel' })).statusCode).toBe(401);
    await as(admin, 'PATCH', '/api/admin/settings', { launchMode: 'live' });
    expect((await t.app.inject({ method: 'GET', url: '/api/search?type=hotel' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().launchMode).toBe('live');
    await as(admin, 'PATCH', '/api/admin/settings', { launchMode: 'prelaunch' });
    expect((await t.app.inject({ method: 'GET', url: '/api/search?type=hotel' })).statusCode).toBe(401);
  });

  it('uses the admin’s wording of a mail, previews it with sample values, and keeps the other settings', async () => {
    const custom = { subject: 'ID declined, {{firstName}}', body: 'Sorry {{firstName}}: {{reason}}.' };
    await as(admin, 'PATCH', '/api/admin/settings', {
      mailTemplates: { verificationRejected: { en: custom } },
      autoApproveVerifiedHosts: true,
    });
    const settings = (await as(admin, 'GET', '/api/admin/settings')).json();
    expect(settings).toMatchObject({
      autoApproveVerifiedHosts: true,
      launchMode: 'prelaunch',
      mailTemplates: { verificationRejected: { en: custom } },
    });
    const preview = (
      await as(admin, 'POST', '/api/admin/settings/mail-preview', { template: 'verificationRejected', language: 'en', text: custom })
    ).json();
    expect(preview.subject).toBe('ID declined, Dana');
    expect(preview.text).toContain('Sorry Dana: The photo is blurred.');

    const user = await createUser(t.db, { email: 'reupload@example.com', firstName: 'Rina' });
    await t.db
      .update(profiles)
      .set({ idVerificationStatus: 'pending', idDocumentKey: 'private/id-documents/x.pdf' })
      .where(eq(profiles.userId, user.id));
    await as(admin, 'POST', `/api/admin/verifications/${user.id}/reject`, { reason: 'Expired card' });
    const mail = await eventually(async () => (await mailbox()).find((m) => m.to === 'reupload@example.com'));
    expect(mail.subject).toBe('ID declined, Rina');
    expect(mail.text).toContain('Sorry Rina: Expired card.');
  });

  it('lists the audit trail filtered by user and event type, and exports it as CSV', async () => {
    await eventually(async () => (await eventsOf('USER_SIGNED_IN')).length > 0);
    const all = (await as(admin, 'GET', '/api/admin/audit?eventType=ADMIN_ACTION')).json();
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((e: { eventType: string }) => e.eventType === 'ADMIN_ACTION')).toBe(true);
    // Each says what happened as a code and parameters the page translates (issue 41, item 5).
    const rejected = await eventually(async () => {
      const events = (await as(admin, 'GET', '/api/admin/audit?eventType=ADMIN_ACTION')).json() as {
        descriptionCode: string | null;
        descriptionParams: Record<string, string> | null;
      }[];
      return events.find((e) => e.descriptionCode === 'idRejected' && e.descriptionParams?.reason === 'Expired card');
    });
    expect(rejected.descriptionParams).toEqual({ userId: expect.any(String), reason: 'Expired card' });
    const byUser = (await as(admin, 'GET', '/api/admin/audit?user=guest@example')).json();
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((e: { email: string }) => e.email === 'guest@example.com')).toBe(true);
    const csv = await as(admin, 'GET', '/api/admin/audit.csv?eventType=USER_SUSPENDED');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,event,user_id,email,description,ip,user_agent');
    // Other tests in this file suspend hosts too: every line is a suspension, one of them the suspect's.
    expect(lines.slice(1).every((line) => line.includes('USER_SUSPENDED'))).toBe(true);
    expect(lines.slice(1).filter((line) => line.includes('suspect@example.com suspended'))).toHaveLength(1);
  });
});
