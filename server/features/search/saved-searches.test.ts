import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../../core/contracts/saved-searches.ts';
import { maxSavedSearches } from '../../../core/search-alerts.ts';
import { createBooking, createPlace, createProperty, createUser, daysFromNow, type Place } from '../../seed/factories.ts';
import { outgoingMail, properties, savedSearches, users } from '../../db/schema.ts';
import type { Database, DatabaseHandle } from '../../db/database.ts';
import { createTestContext, injectAs, openTestDatabase, signIn, testDriver, type TestContext } from '../../test/test-app.ts';
import { runPriceDrops, runSearchAlerts } from './search-alerts-job.ts';
import { readUnsubscribe, signUnsubscribe, unsubscribeKey } from './unsubscribe-token.ts';

/** Saved searches and their alerts (issue 38, item 4; decision 048). */
const siteUrl = 'https://lina.test';
const later = (seconds = 1) => new Date(Date.now() + seconds * 1000);

async function mailsTo(db: Database, email: string) {
  return db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, email));
}

describe('saved searches', () => {
  let t: TestContext;
  let member: string;
  let other: string;
  let hostId: string;
  let town: Place;

  beforeAll(async () => {
    t = await createTestContext();
    hostId = (await createUser(t.db, { role: 'host' })).id;
    await createUser(t.db, { email: 'seeker@example.com', firstName: 'Dana' });
    await createUser(t.db, { email: 'other@example.com' });
    member = await signIn(t.app, 'seeker@example.com');
    other = await signIn(t.app, 'other@example.com');
    town = await createPlace(t.db, { nameEn: 'Alert Town', nameHe: 'עיר ההתראות' });
  });

  afterAll(async () => {
    await t?.close();
  });

  const save = (cookie: string, payload: Record<string, unknown>) =>
    injectAs(t.app, cookie, { method: 'POST', url: '/api/saved-searches', payload });

  it('saves a search in its canonical form, lists, renames, changes frequency and deletes it', async () => {
    const created = await save(member, {
      name: 'Quiet sublets',
      query: '?type=sublets&page=3&sort=newest&location=Alert%20Town&text=quiet',
    });
    expect(created.statusCode, created.body).toBe(201);
    const search = created.json() as SavedSearch;
    // Page and sort are not part of a saved search; the query is the results URL's canonical form.
    expect(search).toMatchObject({ name: 'Quiet sublets', query: 'type=sublet&location=Alert+Town&text=quiet', frequency: 'daily' });

    const listed = await injectAs(t.app, member, { method: 'GET', url: '/api/saved-searches' });
    expect(listed.json().searches.map((row: SavedSearch) => row.id)).toContain(search.id);
    expect((await injectAs(t.app, other, { method: 'GET', url: '/api/saved-searches' })).json().searches).toEqual([]);

    const patch = (cookie: string, payload: Record<string, unknown>) =>
      injectAs(t.app, cookie, { method: 'PATCH', url: `/api/saved-searches/${search.id}`, payload });
    expect((await patch(member, { name: 'Quiet ones', frequency: 'instant' })).json()).toMatchObject({
      name: 'Quiet ones',
      frequency: 'instant',
    });
    // Another member's search is not there for them.
    expect([(await patch(other, { name: 'Mine now' })).statusCode, (await patch(other, { name: 'x' })).json().error.code]).toEqual([
      404,
      'saved_search_not_found',
    ]);
    expect((await patch(member, {})).statusCode).toBe(400);
    expect((await patch(member, { frequency: 'hourly' })).statusCode).toBe(400);

    const deleteAs = (cookie: string) => injectAs(t.app, cookie, { method: 'DELETE', url: `/api/saved-searches/${search.id}` });
    expect((await deleteAs(other)).statusCode).toBe(404);
    expect((await deleteAs(member)).statusCode).toBe(204);
    expect((await deleteAs(member)).statusCode).toBe(404);
  });

  it('refuses a search the search itself would refuse, a missing name, and a sign-in-less caller', async () => {
    for (const query of ['type=castles', 'checkIn=2001-01-01', 'type=hotels&bedrooms=2', `text=${'a'.repeat(201)}`]) {
      const refused = await save(member, { name: 'Bad', query });
      expect([query, refused.statusCode, refused.json().error.code]).toEqual([query, 400, 'validation_failed']);
    }
    expect((await save(member, { name: '  ', query: 'type=sublets' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
  });

  it(`keeps at most ${maxSavedSearches} searches a member`, async () => {
    await createUser(t.db, { email: 'collector2@example.com' });
    const [collector] = await t.db.select().from(users).where(eq(users.email, 'collector2@example.com'));
    await t.db
      .insert(savedSearches)
      .values(Array.from({ length: maxSavedSearches }, (_, i) => ({ userId: collector!.id, name: `s${i}`, query: '' })));
    const refused = await save(await signIn(t.app, 'collector2@example.com'), { name: 'One more', query: 'type=sublets' });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'too_many_saved_searches']);
  });

  it('mails a listing published after the save once, only if it matches and is free for the dates, in the member’s language', async () => {
    const checkIn = daysFromNow(40);
    const checkOut = daysFromNow(70);
    const sublet = (title: string) =>
      createProperty(t.db, {
        propertyType: 'sublet',
        hostId,
        placeId: town.id,
        titleEn: title,
        titleHe: `${title} בעברית`,
        availableFrom: daysFromNow(1),
        availableUntil: daysFromNow(300),
      });
    const before = await sublet('Published before');
    const saved = (
      await save(member, {
        name: 'Alert Town',
        query: `type=sublets&location=Alert%20Town&checkIn=${checkIn}&checkOut=${checkOut}`,
        frequency: 'instant',
        // Saved from a Hebrew page: its mails are in Hebrew.
        language: 'he',
      })
    ).json() as SavedSearch;
    const fresh = await sublet('Fresh loft');
    const taken = await sublet('Taken loft');
    await createBooking(t.db, { propertyId: taken.id, checkIn: daysFromNow(45), checkOut: daysFromNow(50) });
    await createProperty(t.db, { propertyType: 'rental', hostId, placeId: town.id, titleEn: 'A rental' });

    const first = await runSearchAlerts(t.db, siteUrl, later());
    expect(first.mails).toBe(1);
    const mails = await mailsTo(t.db, 'seeker@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.language).toBe('he');
    expect(mail!.subject).toContain('Alert Town');
    expect(mail!.textBody).toContain('Fresh loft בעברית');
    expect(mail!.textBody).toContain(`${siteUrl}/he/property/${fresh.id}`);
    expect(mail!.textBody).not.toContain('Taken loft');
    expect(mail!.textBody).not.toContain('Published before');
    expect(mail!.textBody).not.toContain(String(before.id) + '\n');
    expect(mail!.htmlBody).toContain('dir="rtl"');

    // Later runs send nothing new for it.
    expect((await runSearchAlerts(t.db, siteUrl, later(2))).mails).toBe(0);
    expect(await mailsTo(t.db, 'seeker@example.com')).toHaveLength(1);

    // The mail's link stops the alerts without signing in; an altered one does nothing.
    const token = decodeURIComponent(/alerts\/unsubscribe\?token=(\S+)/.exec(mail!.textBody)![1]!);
    const post = (body: string) =>
      t.app.inject({ method: 'POST', url: '/api/alerts/unsubscribe', headers: { 'x-requested-with': 'fetch' }, payload: { token: body } });
    const tampered = await post(token.replace(/^s\.\d+/, `s.${saved.id + 1}`));
    expect([tampered.statusCode, tampered.json().error.code]).toEqual([400, 'invalid_unsubscribe_link']);
    const stopped = await post(token);
    expect([stopped.statusCode, stopped.json()]).toEqual([200, { kind: 'search', name: 'Alert Town' }]);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    expect(row!.frequency).toBe('none');
    await sublet('After the unsubscribe');
    expect((await runSearchAlerts(t.db, siteUrl, later(3))).mails).toBe(0);
  });

  it('mails a saved listing that got cheaper, once, after a first look that only records the price', async () => {
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId,
      placeId: town.id,
      titleEn: 'Price watch',
      pricePerMonth: 6000,
    });
    expect((await injectAs(t.app, other, { method: 'PUT', url: `/api/saved/${listing.id}` })).statusCode).toBe(200);
    expect(await runPriceDrops(t.db, siteUrl)).toBe(0);
    await t.db.update(properties).set({ pricePerMonth: 6500 }).where(eq(properties.id, listing.id));
    expect(await runPriceDrops(t.db, siteUrl)).toBe(0);
    await t.db.update(properties).set({ pricePerMonth: 5200 }).where(eq(properties.id, listing.id));
    expect(await runPriceDrops(t.db, siteUrl)).toBe(1);
    expect(await runPriceDrops(t.db, siteUrl)).toBe(0);
    const [mail] = await mailsTo(t.db, 'other@example.com');
    expect(mail!.subject).toBe('Cheaper now: Price watch');
    expect(mail!.textBody).toContain('₪5,200');
    expect(mail!.textBody).toContain('₪6,500');
    // Its own link stops the price mails of that listing.
    const token = decodeURIComponent(/alerts\/unsubscribe\?token=(\S+)/.exec(mail!.textBody)![1]!);
    const stopped = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/unsubscribe',
      headers: { 'x-requested-with': 'fetch' },
      payload: { token },
    });
    expect(stopped.json()).toEqual({ kind: 'price', name: 'Price watch' });
    await t.db.update(properties).set({ pricePerMonth: 4000 }).where(eq(properties.id, listing.id));
    expect(await runPriceDrops(t.db, siteUrl)).toBe(0);
  });

  it('signs unsubscribe links so that only ours are read', async () => {
    const key = await unsubscribeKey(t.db);
    expect(await unsubscribeKey(t.db)).toBe(key);
    const search = signUnsubscribe(key, { kind: 'search', searchId: 42 });
    expect(readUnsubscribe(key, search)).toEqual({ kind: 'search', searchId: 42 });
    const userId = '0b5c6f5e-1b7e-4c41-9a0e-6f3e2f0d9a11';
    expect(readUnsubscribe(key, signUnsubscribe(key, { kind: 'price', userId, propertyId: 7 }))).toEqual({
      kind: 'price',
      userId,
      propertyId: 7,
    });
    // Another id with the same signature, a cut or altered signature, another key, no signature at all.
    expect(readUnsubscribe(key, search.replace('s.42', 's.43'))).toBeNull();
    expect(readUnsubscribe(key, search.slice(0, -2))).toBeNull();
    expect(readUnsubscribe(key, `${search.slice(0, -1)}${search.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(readUnsubscribe('another key', search)).toBeNull();
    expect(readUnsubscribe(key, 's.42')).toBeNull();
    expect(readUnsubscribe(key, '')).toBeNull();
  });
});

// Every instance runs the alert job: four runs at once must mail each new listing to a search once.
// Only PostgreSQL has concurrent connections to race (PGlite serves one query at a time).
describe.runIf(testDriver === 'postgres')('search alerts on several instances at once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('sends each search one mail per new listing however many runs meet', async () => {
    const db = database.db;
    const hostId = (await createUser(db, { role: 'host' })).id;
    const place = await createPlace(db, { nameEn: 'Race Town', nameHe: 'עיר המרוץ' });
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(db, { email: `racer${i}@example.com` })));
    await db.insert(savedSearches).values(
      members.map((member, i) => ({
        userId: member.id,
        name: `Race ${i}`,
        query: 'type=sublet&location=Race+Town',
        frequency: i % 2 ? ('instant' as const) : ('daily' as const),
        alertsSince: new Date(Date.now() - 2 * 86_400_000),
      })),
    );
    // Each round's listing is published ten seconds after the last, and the runs start five seconds after it.
    const base = Date.now();
    for (let round = 0; round < 3; round++) {
      const publishedAt = new Date(base + round * 10_000);
      await createProperty(db, { propertyType: 'sublet', hostId, placeId: place.id, titleEn: `Round ${round}`, publishedAt });
      const runStart = new Date(publishedAt.getTime() + 5_000);
      const runs = await Promise.all(Array.from({ length: 4 }, () => runSearchAlerts(db, siteUrl, runStart)));
      const mails = runs.reduce((sum, run) => sum + run.mails, 0);
      // Round 0: every search; later rounds: the instant ones only (a daily search waits a day).
      expect(mails, `round ${round}`).toBe(round === 0 ? 6 : 3);
    }
    const perMember = await Promise.all(members.map((member) => mailsTo(db, member.email)));
    expect(perMember.map((mails) => mails.length)).toEqual([1, 3, 1, 3, 1, 3]);
  });
});
