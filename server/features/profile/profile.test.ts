import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profiles, recommendations } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { pixelBomb, pngSignature } from '../../test/test-images.ts';

const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
  .png()
  .toBuffer();
const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');

describe('profiles', () => {
  let t: TestContext;
  let dana: string;
  let yossi: string;
  let admin: string;
  let danaId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const user = await createUser(t.db, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Levi', dateOfBirth: '1994-03-10' });
    danaId = user.id;
    const other = await createUser(t.db, { email: 'yossi@example.com', firstName: 'Yossi' });
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    await t.db.insert(recommendations).values([
      {
        recommendedUserId: danaId,
        recommenderUserId: other.id,
        recommendationText: 'A wonderful guest',
        rating: 5,
        relationshipContext: 'Hosted Dana in Haifa',
      },
    ]);
    dana = await signIn(t.app, 'dana@example.com');
    yossi = await signIn(t.app, 'yossi@example.com');
    admin = await signIn(t.app, 'admin@example.com');
  });
  afterAll(() => t.close());

  const upload = (cookie: string, url: string, body: Buffer, contentType = 'application/octet-stream') =>
    injectAs(t.app, cookie, { method: 'POST', url, payload: body, headers: { 'content-type': contentType } });

  it('needs sign-in', async () => {
    expect((await t.app.inject('/api/profile')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/profile', headers: { 'x-requested-with': 'fetch' }, payload: {} })).statusCode,
    ).toBe(401);
  });

  it('returns the own profile with the age computed from the date of birth', async () => {
    const profile = (await injectAs(t.app, dana, { url: '/api/profile' })).json();
    expect(profile).toMatchObject({
      email: 'dana@example.com',
      firstName: 'Dana',
      idVerificationStatus: 'unverified',
      emailVerified: true,
    });
    expect(profile.age).toBeGreaterThanOrEqual(31);
  });

  it('edits names, phone, bio and date of birth but never the e-mail', async () => {
    const response = await injectAs(t.app, dana, {
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        firstName: ' Dana ',
        lastName: 'Cohen',
        phone: '+972 50-123-4567',
        bio: 'Architect',
        dateOfBirth: '1990-01-01',
        email: 'evil@example.com',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Dana', lastName: 'Cohen', email: 'dana@example.com', bio: 'Architect' });
    const tooYoung = await injectAs(t.app, dana, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { firstName: 'D', lastName: 'C', dateOfBirth: '2020-01-01' },
    });
    expect(tooYoung.statusCode).toBe(400);
    const empty = await injectAs(t.app, dana, { method: 'PATCH', url: '/api/profile', payload: { firstName: '', lastName: 'C' } });
    expect(empty.statusCode).toBe(400);
  });

  it('uploads and removes a profile photo, refusing anything that is not an image', async () => {
    const uploaded = await upload(dana, '/api/profile/photo', png, 'image/png');
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().profileImageUrl as string;
    expect(url).toMatch(/^\/api\/media\/public\/profile-images\//);
    expect((await t.app.inject(url)).statusCode).toBe(200);

    const disguised = await upload(dana, '/api/profile/photo', Buffer.from('just text'), 'image/png');
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error.message).toBe('Error uploading image');

    const removed = await injectAs(t.app, dana, { method: 'DELETE', url: '/api/profile/photo' });
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await t.app.inject(url)).statusCode).toBe(404);
  });

  it('stores a profile photo re-encoded: WebP, at most 512 px, without EXIF (no location)', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 4/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '34/1 46/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const uploaded = await upload(yossi, '/api/profile/photo', photo, 'image/jpeg');
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json().profileImageUrl as string;
    expect(url).toMatch(/\.webp$/);
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses a pixel bomb and garbage behind a PNG signature, keeping the old photo', async () => {
    const before = (await injectAs(t.app, yossi, { url: '/api/profile' })).json().profileImageUrl;
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const refused = await upload(yossi, '/api/profile/photo', bomb, 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('image_too_large');

    const garbage = Buffer.concat([pngSignature, Buffer.alloc(1024 * 1024, 0x5a)]);
    const notDecoded = await upload(yossi, '/api/profile/photo', garbage, 'image/png');
    expect(notDecoded.statusCode).toBe(400);
    expect(notDecoded.json().error.code).toBe('invalid_image');
    expect((await injectAs(t.app, yossi, { url: '/api/profile' })).json().profileImageUrl).toBe(before);
  });

  it('refuses an ID image past the pixel limit with "Error uploading document", but takes an ordinary one', async () => {
    const refused = await upload(yossi, '/api/profile/id-document', pixelBomb(), 'image/png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'invalid_document', message: 'Error uploading document' });
    expect((await injectAs(t.app, yossi, { url: '/api/profile' })).json().idVerificationStatus).toBe('unverified');

    // An ID image within the limit is kept byte for byte: what the admin reviews is what was sent.
    const scan = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#eee' } })
      .jpeg()
      .toBuffer();
    const accepted = await upload(yossi, '/api/profile/id-document', scan, 'image/jpeg');
    expect(accepted.statusCode).toBe(200);
    const stored = await injectAs(t.app, yossi, { url: `/api/users/${accepted.json().id}/id-document` });
    expect(stored.headers['content-type']).toBe('image/jpeg');
    expect(stored.rawPayload.equals(scan)).toBe(true);
  });

  it('refuses a disguised ID document (text named .png) with "Error uploading document"', async () => {
    const response = await upload(dana, '/api/profile/id-document', Buffer.from('this is not a passport'), 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'invalid_document', message: 'Error uploading document' });
  });

  it('refuses 10 MB + 1 byte with 413', async () => {
    const tooBig = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length)]);
    const response = await upload(dana, '/api/profile/id-document', tooBig, 'application/pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('moves to pending on upload, offers no second upload while pending, and keeps the document private', async () => {
    const response = await upload(dana, '/api/profile/id-document', pdf, 'application/pdf');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ idVerificationStatus: 'pending', hasIdDocument: true });
    expect(response.json().verificationSubmittedAt).toBeTruthy();

    expect((await upload(dana, '/api/profile/id-document', pdf)).statusCode).toBe(409);

    const own = await injectAs(t.app, dana, { url: `/api/users/${danaId}/id-document` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await injectAs(t.app, admin, { url: `/api/users/${danaId}/id-document` })).statusCode).toBe(200);
    expect((await injectAs(t.app, yossi, { url: `/api/users/${danaId}/id-document` })).statusCode).toBe(403);
    expect((await t.app.inject(`/api/users/${danaId}/id-document`)).statusCode).toBe(401);
    // Private keys are never reachable through the public media route.
    expect((await t.app.inject(`/api/media/private/id-documents/${danaId}/x.pdf`)).statusCode).toBe(404);
  });

  it('deletes the replaced ID document from storage once the new one is accepted', async () => {
    const user = await createUser(t.db, { email: 'rina@example.com' });
    const rina = await signIn(t.app, 'rina@example.com');
    expect((await upload(rina, '/api/profile/id-document', pdf, 'application/pdf')).statusCode).toBe(200);
    const first = (await t.db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]!.idDocumentKey!;
    expect(await t.storage.exists(first)).toBe(true);
    // An admin rejects it; the user sends another.
    await t.db.update(profiles).set({ idVerificationStatus: 'rejected' }).where(eq(profiles.userId, user.id));
    const second = Buffer.from('%PDF-1.7\n2 0 obj <<>> endobj\n%%EOF');
    expect((await upload(rina, '/api/profile/id-document', second, 'application/pdf')).statusCode).toBe(200);
    const replacement = (await t.db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]!.idDocumentKey!;
    expect(replacement).not.toBe(first);
    expect(await t.storage.exists(replacement)).toBe(true);
    expect(await t.storage.exists(first)).toBe(false);
  });

  it('shows each user only their own profile and recommendations', async () => {
    const theirs = (await injectAs(t.app, yossi, { url: '/api/profile' })).json();
    expect(theirs.email).toBe('yossi@example.com');
    expect((await injectAs(t.app, yossi, { url: '/api/profile/recommendations' })).json()).toEqual([]);
    const mine = (await injectAs(t.app, dana, { url: '/api/profile/recommendations' })).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ rating: 5, recommender: { firstName: 'Yossi' } });
  });
});
