import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPhotoMatches, outgoingMail, properties, propertyPhotos } from '../../db/schema.ts';
import { createPlace, createProperty, createPropertyPhoto, createUser, daysFromNow } from '../../seed/factories.ts';
import { createTestContext, eventually, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { hashUnhashedPhotos } from './photo-hash-jobs.ts';

/**
 * Verified places and photo reuse (issue 39): a host sends a listing's deed, lease or licence; an
 * admin reads it through an admin-only link and verifies or rejects it; the badge, the search filter
 * and the booking setting follow. A photo copied from another host's listing holds the listing for
 * review, shown beside the photo it copies.
 */

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');

/** A photo-like image: a room drawn with gradients and shapes, with grain. */
async function roomPhoto(wall: string, sofa: string, sofaX: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
    <rect width="1200" height="520" fill="url(#w)"/><rect y="520" width="1200" height="280" fill="#8d6e63"/>
    <rect x="420" y="90" width="360" height="260" fill="#bfe3f7" stroke="#fff" stroke-width="14"/>
    <rect x="${sofaX}" y="440" width="420" height="200" rx="30" fill="${sofa}"/>
    <circle cx="${1100 - sofaX / 2}" cy="600" r="90" fill="#2e7d32"/></svg>`;
  const grain = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 16 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('verified places', () => {
  let t: TestContext;
  let host: string;
  let otherHost: string;
  let admin: string;
  let guest: string;
  let hostId: string;
  let townId: number;

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (
      await createUser(t.db, { email: 'host@example.com', role: 'host', firstName: 'Hila', profile: { idVerificationStatus: 'verified' } })
    ).id;
    await createUser(t.db, {
      email: 'copier@example.com',
      role: 'host',
      firstName: 'Kobi',
      profile: { idVerificationStatus: 'verified' },
    });
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    await createUser(t.db, { email: 'guest@example.com', profile: { idVerificationStatus: 'verified' } });
    host = await signIn(t.app, 'host@example.com');
    otherHost = await signIn(t.app, 'copier@example.com');
    admin = await signIn(t.app, 'admin@example.com');
    guest = await signIn(t.app, 'guest@example.com');
    townId = (await createPlace(t.db, { nameEn: 'Verified Town', nameHe: 'עיר מאומתת' })).id;
  });
  afterAll(() => t.close());

  const home = (propertyType: 'sublet' | 'rental' | 'hotel', overrides: Parameters<typeof createProperty>[1] = {}) =>
    createProperty(t.db, {
      propertyType,
      hostId,
      placeId: townId,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(366),
      minStayDays: 1,
      maxStayDays: 365,
      ...overrides,
    });
  const upload = (cookie: string, url: string, body: Buffer, contentType: string) =>
    injectAs(t.app, cookie, { method: 'POST', url, payload: body, headers: { 'content-type': contentType } });
  const verifications = async () => (await injectAs(t.app, admin, { url: '/api/admin/verifications' })).json();
  const mails = () =>
    t.db.select({ to: outgoingMail.toAddress, subject: outgoingMail.subject, text: outgoingMail.textBody }).from(outgoingMail);

  it('a host sends a lease; the admin reads it (no one else can), rejects it with a reason, then verifies the next one', async () => {
    const sublet = await home('sublet', { titleEn: 'Garden sublet' });
    const sent = await upload(host, `/api/host/listings/${sublet.id}/place-document?kind=lease`, pdf, 'application/pdf');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().placeVerification).toMatchObject({ status: 'pending', kind: 'lease', rejectionReason: null });
    // One at a time, and only the listing's host.
    const again = await upload(host, `/api/host/listings/${sublet.id}/place-document?kind=deed`, pdf, 'application/pdf');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('place_verification_in_progress');
    expect((await upload(otherHost, `/api/host/listings/${sublet.id}/place-document?kind=deed`, pdf, 'application/pdf')).statusCode).toBe(
      404,
    );

    const queued = (await verifications()).places.find((place: { id: number }) => place.id === sublet.id);
    expect(queued).toMatchObject({
      kind: 'lease',
      documentUrl: `/api/admin/listings/${sublet.id}/place-document`,
      host: { email: 'host@example.com' },
    });
    const document = await injectAs(t.app, admin, { url: queued.documentUrl });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['cache-control']).toBe('private, no-store');
    expect(document.rawPayload.equals(pdf)).toBe(true);
    // The authorised link is the admin's alone: not the host who sent it, not another member, not a visitor.
    expect((await injectAs(t.app, host, { url: queued.documentUrl })).statusCode).toBe(403);
    expect((await injectAs(t.app, guest, { url: queued.documentUrl })).statusCode).toBe(403);
    expect((await t.app.inject({ url: queued.documentUrl })).statusCode).toBe(401);

    const reject = await injectAs(t.app, admin, {
      method: 'POST',
      url: `/api/admin/places/${sublet.id}/reject`,
      payload: { reason: 'The lease does not allow subletting' },
    });
    expect(reject.statusCode).toBe(200);
    const rejected = (await injectAs(t.app, host, { url: `/api/host/listings/${sublet.id}` })).json();
    expect(rejected.placeVerification).toMatchObject({ status: 'rejected', rejectionReason: 'The lease does not allow subletting' });
    const summary = (await injectAs(t.app, host, { url: '/api/host/listings?lang=he' }))
      .json()
      .listings.find((row: { id: number }) => row.id === sublet.id);
    expect(summary.placeVerification.status).toBe('rejected');
    const mail = await eventually(async () =>
      (await mails()).find((m) => m.to === 'host@example.com' && m.subject.includes('could not verify your place')),
    );
    expect(mail.text).toContain('The lease does not allow subletting');
    // The admin's second click finds nothing waiting.
    expect((await injectAs(t.app, admin, { method: 'POST', url: `/api/admin/places/${sublet.id}/approve` })).statusCode).toBe(409);

    // A new document replaces the rejected one, which is deleted.
    const [before] = await t.db
      .select({ placeDocumentKey: properties.placeDocumentKey })
      .from(properties)
      .where(eq(properties.id, sublet.id));
    expect((await upload(host, `/api/host/listings/${sublet.id}/place-document?kind=deed`, pdf, 'application/pdf')).statusCode).toBe(200);
    expect(await t.storage.exists(before!.placeDocumentKey!)).toBe(false);
    expect((await injectAs(t.app, admin, { method: 'POST', url: `/api/admin/places/${sublet.id}/approve` })).statusCode).toBe(200);
    expect((await injectAs(t.app, host, { url: `/api/host/listings/${sublet.id}` })).json().placeVerification.status).toBe('verified');
    await eventually(async () =>
      (await mails()).find((m) => m.to === 'host@example.com' && m.subject === 'Your place is verified: Garden sublet'),
    );
  });

  it('checks the document by its content, and asks each type for its own document', async () => {
    const rental = await home('rental');
    const text = await upload(
      host,
      `/api/host/listings/${rental.id}/place-document?kind=deed`,
      Buffer.from('not a document'),
      'application/pdf',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('invalid_document');
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#333' } })
      .webp()
      .toBuffer();
    expect((await upload(host, `/api/host/listings/${rental.id}/place-document?kind=deed`, webp, 'image/png')).json().error.code).toBe(
      'invalid_document',
    );
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#333' } })
      .png()
      .toBuffer();
    expect((await upload(host, `/api/host/listings/${rental.id}/place-document?kind=deed`, png, 'image/png')).statusCode).toBe(200);
    const hotel = await home('hotel', { pricePerNight: 500, roomCount: 5 });
    expect((await upload(host, `/api/host/listings/${hotel.id}/place-document?kind=deed`, pdf, 'application/pdf')).statusCode).toBe(400);
    expect(
      (await upload(host, `/api/host/listings/${hotel.id}/place-document?kind=business_licence`, pdf, 'application/pdf')).statusCode,
    ).toBe(200);
    expect((await upload(host, `/api/host/listings/${hotel.id}/place-document?kind=passport`, pdf, 'application/pdf')).statusCode).toBe(
      400,
    );
  });

  it('shows the badge on cards and the property page, and filters search to verified places', async () => {
    const verified = await home('sublet', { titleEn: 'Verified loft', placeVerification: 'verified' });
    const plain = await home('sublet', { titleEn: 'Plain loft' });
    const search = async (query: string) =>
      (await injectAs(t.app, guest, { url: `/api/search?type=sublets&location=Verified%20Town${query}` })).json().results as {
        id: number;
        verifiedPlace: boolean;
      }[];
    const all = await search('');
    expect(all.find((card) => card.id === verified.id)?.verifiedPlace).toBe(true);
    expect(all.find((card) => card.id === plain.id)?.verifiedPlace).toBe(false);
    const filtered = (await search('&verifiedPlace=true')).map((card) => card.id);
    expect(filtered).toContain(verified.id);
    expect(filtered).not.toContain(plain.id);
    expect((await search('&verifiedPlace=false')).map((card) => card.id)).toContain(plain.id);
    expect((await injectAs(t.app, guest, { url: `/api/properties/${verified.id}` })).json().verifiedPlace).toBe(true);
    expect((await injectAs(t.app, guest, { url: `/api/properties/${plain.id}` })).json().verifiedPlace).toBe(false);
  });

  it("refuses bookings of unverified sublets and rentals once the admin's setting asks for it (hotels are not held back)", async () => {
    const unverified = await home('sublet');
    const verified = await home('rental', { placeVerification: 'verified', pricePerWeek: 2000 });
    const hotel = await home('hotel', { pricePerNight: 400, roomCount: 3 });
    const settings = (await injectAs(t.app, admin, { url: '/api/admin/settings' })).json();
    expect(settings.unverifiedPlacesMayBook).toBe(true);
    const book = (propertyId: number, from: number) =>
      injectAs(t.app, guest, {
        method: 'POST',
        url: '/api/bookings',
        payload: { propertyId, checkIn: daysFromNow(from), checkOut: daysFromNow(from + 35) },
      });
    // Allowed by default.
    expect((await book(unverified.id, 10)).statusCode).toBe(201);
    const off = await injectAs(t.app, admin, { method: 'PATCH', url: '/api/admin/settings', payload: { unverifiedPlacesMayBook: false } });
    expect(off.json().unverifiedPlacesMayBook).toBe(false);
    const refused = await book(unverified.id, 100);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('place_not_verified');
    expect((await book(verified.id, 10)).statusCode).toBe(201);
    expect((await book(hotel.id, 10)).statusCode).toBe(201);
    await injectAs(t.app, admin, { method: 'PATCH', url: '/api/admin/settings', payload: { unverifiedPlacesMayBook: true } });
  });
});

describe('photo reuse', () => {
  let t: TestContext;
  let owner: string;
  let copier: string;
  let stranger: string;
  let admin: string;
  let ownerId: string;
  let copierId: string;
  let strangerId: string;
  let original: Buffer;

  beforeAll(async () => {
    t = await createTestContext();
    ownerId = (await createUser(t.db, { email: 'owner@example.com', role: 'host', profile: { idVerificationStatus: 'verified' } })).id;
    copierId = (await createUser(t.db, { email: 'copier@example.com', role: 'host', profile: { idVerificationStatus: 'verified' } })).id;
    strangerId = (await createUser(t.db, { email: 'stranger@example.com', role: 'host', profile: { idVerificationStatus: 'verified' } }))
      .id;
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    owner = await signIn(t.app, 'owner@example.com');
    copier = await signIn(t.app, 'copier@example.com');
    stranger = await signIn(t.app, 'stranger@example.com');
    admin = await signIn(t.app, 'admin@example.com');
    original = await roomPhoto('#f3e9dc', '#1565c0', 120);
  });
  afterAll(() => t.close());

  const addPhoto = (cookie: string, id: number, body: Buffer) =>
    injectAs(t.app, cookie, {
      method: 'POST',
      url: `/api/host/listings/${id}/photos`,
      payload: body,
      headers: { 'content-type': 'image/jpeg' },
    });
  const described = {
    descriptionEn: 'A bright flat with a balcony, two minutes from the sea.',
    descriptionHe: 'דירה מוארת עם מרפסת, שתי דקות מהים, ליד כל השירותים.',
  };
  const openMatches = (propertyId: number) => t.db.select().from(listingPhotoMatches).where(eq(listingPhotoMatches.propertyId, propertyId));

  it('a mirrored, resized copy of another host’s photo holds the listing, shown side by side; a similar room does not', async () => {
    const theirs = await createProperty(t.db, {
      hostId: ownerId,
      propertyType: 'sublet',
      status: 'draft',
      publishedAt: null,
      titleEn: 'The original flat',
    });
    expect((await addPhoto(owner, theirs.id, original)).statusCode).toBe(201);
    await t.db.update(properties).set({ status: 'approved' }).where(eq(properties.id, theirs.id));
    const [stored] = await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, theirs.id));
    expect(stored!.perceptualHash).not.toBeNull();
    expect(stored!.mirrorHash).not.toBeNull();

    // The copier re-uses it, mirrored, smaller and as WebP, in a draft they submit.
    const copy = await sharp(original).flop().resize(900).webp({ quality: 70 }).toBuffer();
    const mine = await createProperty(t.db, {
      hostId: copierId,
      propertyType: 'sublet',
      status: 'draft',
      publishedAt: null,
      titleEn: 'Copied flat',
      ...described,
    });
    expect((await addPhoto(copier, mine.id, copy)).statusCode).toBe(201);
    const matches = await openMatches(mine.id);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ matchedPropertyId: theirs.id, matchedPhotoKey: stored!.storageKey, resolvedAt: null });

    // Verified hosts are auto-approved, but a listing holding a copied photo waits for an admin.
    await injectAs(t.app, admin, { method: 'PATCH', url: '/api/admin/settings', payload: { autoApproveVerifiedHosts: true } });
    const submitted = await injectAs(t.app, copier, { method: 'POST', url: `/api/host/listings/${mine.id}/submit` });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('submitted');

    const queued = (await injectAs(t.app, admin, { url: '/api/admin/verifications' }))
      .json()
      .listings.find((row: { id: number }) => row.id === mine.id);
    expect(queued.photoMatches).toHaveLength(1);
    expect(queued.photoMatches[0]).toMatchObject({
      matched: { id: theirs.id, titleEn: 'The original flat', status: 'approved', hostEmail: 'owner@example.com' },
    });
    expect(queued.photoMatches[0].photoUrl).toMatch(/listing-photos/);
    expect(queued.photoMatches[0].matched.photoUrl).toMatch(/listing-photos/);

    // A different photo of a similar room (same layout, other colours and furniture) holds nothing.
    const similar = await createProperty(t.db, {
      hostId: strangerId,
      propertyType: 'sublet',
      status: 'draft',
      publishedAt: null,
      ...described,
    });
    expect((await addPhoto(stranger, similar.id, await roomPhoto('#dfe7ef', '#c62828', 640))).statusCode).toBe(201);
    expect(await openMatches(similar.id)).toHaveLength(0);
    const auto = await injectAs(t.app, stranger, { method: 'POST', url: `/api/host/listings/${similar.id}/submit` });
    expect(auto.json().status).toBe('approved');

    // The admin's decision, having compared them, releases the hold.
    expect(
      (
        await injectAs(t.app, admin, {
          method: 'POST',
          url: `/api/admin/listings/${mine.id}/reject`,
          payload: { reason: 'Photos copied from another listing' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await openMatches(mine.id))[0]!.resolvedAt).not.toBeNull();
    await injectAs(t.app, admin, { method: 'PATCH', url: '/api/admin/settings', payload: { autoApproveVerifiedHosts: false } });
  });

  it("the host's own photo in a listing an admin took down is caught too; removing the photo drops the match", async () => {
    const removed = await createProperty(t.db, { hostId: ownerId, propertyType: 'rental', status: 'draft', publishedAt: null });
    const photo = await roomPhoto('#f6f1e1', '#6a1b9a', 300);
    expect((await addPhoto(owner, removed.id, photo)).statusCode).toBe(201);
    await t.db.update(properties).set({ status: 'suspended' }).where(eq(properties.id, removed.id));
    const again = await createProperty(t.db, { hostId: ownerId, propertyType: 'rental', status: 'draft', publishedAt: null });
    const added = await addPhoto(
      owner,
      again.id,
      await sharp(photo).extract({ left: 36, top: 24, width: 1128, height: 752 }).jpeg({ quality: 60 }).toBuffer(),
    );
    const matches = await openMatches(again.id);
    expect(matches.map((match) => match.matchedPropertyId)).toEqual([removed.id]);
    const photoId = added.json().photos[0].id;
    expect((await injectAs(t.app, owner, { method: 'DELETE', url: `/api/host/listings/${again.id}/photos/${photoId}` })).statusCode).toBe(
      200,
    );
    expect(await openMatches(again.id)).toHaveLength(0);
  });

  it('the backfill job hashes photos stored before hashing, and marks unreadable ones done', async () => {
    const listing = await createProperty(t.db, { hostId: ownerId });
    await t.storage.put('public/test/old-photo.jpg', original, 'image/jpeg');
    const old = await createPropertyPhoto(t.db, { propertyId: listing.id, storageKey: 'public/test/old-photo.jpg' });
    const missing = await createPropertyPhoto(t.db, { propertyId: listing.id, storageKey: 'public/test/gone.jpg', position: 1 });
    while ((await hashUnhashedPhotos(t.db, t.storage)) > 0) {
      // until the backlog is done
    }
    const rows = await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, listing.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(old.id)!.perceptualHash).not.toBeNull();
    expect(byId.get(old.id)!.hashedAt).not.toBeNull();
    expect(byId.get(missing.id)!.perceptualHash).toBeNull();
    expect(byId.get(missing.id)!.hashedAt).not.toBeNull();
    expect(await hashUnhashedPhotos(t.db, t.storage)).toBe(0);
  });

  it('two instances share the backlog: every row hashed once, a file shared by many rows read once per batch', async () => {
    const listing = await createProperty(t.db, { hostId: ownerId });
    await t.storage.put('public/test/shared.jpg', original, 'image/jpeg');
    for (let position = 0; position < 25; position++) {
      await createPropertyPhoto(t.db, { propertyId: listing.id, storageKey: 'public/test/shared.jpg', position });
    }
    const counts = await Promise.all([hashUnhashedPhotos(t.db, t.storage), hashUnhashedPhotos(t.db, t.storage)]);
    expect(counts[0]! + counts[1]!).toBe(25);
    const rows = await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, listing.id));
    expect(new Set(rows.map((row) => row.perceptualHash?.toString())).size).toBe(1);
    expect(rows.every((row) => row.perceptualHash !== null)).toBe(true);
  });
});
