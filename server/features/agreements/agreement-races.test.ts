import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../core/contracts/auth.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { stayAgreementAcceptances, stayAgreementVersions } from '../../db/schema.ts';
import { createBooking, createProperty, createUser, daysFromNow } from '../../seed/factories.ts';
import { openTestDatabase, testDriver } from '../../test/test-app.ts';
import { acceptAgreement } from './use-cases/accept-agreement.ts';
import { viewAgreement } from './use-cases/view-agreement.ts';

// Two taps, two tabs or two instances: the same person accepting the same version at once stores
// one acceptance, and two first views at once make one version. Only PostgreSQL has concurrent
// connections to race (PGlite serves one query at a time); agreements.test.ts covers one at a time.
describe.runIf(testDriver === 'postgres')('the agreement on several instances at once', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  const viewerOf = (user: { id: string; email: string; role: 'guest' | 'host' | 'admin' }): SessionUser => ({
    id: user.id,
    email: user.email,
    firstName: '',
    lastName: '',
    role: user.role,
    language: 'en',
    idVerified: false,
  });

  it('stores one acceptance and one version however many race, round after round', async () => {
    const host = await createUser(database.db, { role: 'host' });
    const listing = await createProperty(database.db, { hostId: host.id, propertyType: 'sublet', minStayDays: 30 });
    for (let round = 0; round < 5; round++) {
      const guest = await createUser(database.db);
      const stay = await createBooking(database.db, {
        propertyId: listing.id,
        guestId: guest.id,
        checkIn: daysFromNow(40 + round * 60),
        checkOut: daysFromNow(80 + round * 60),
      });
      const views = await Promise.all(Array.from({ length: 4 }, () => viewAgreement(database.db, viewerOf(guest), stay.id)));
      expect(new Set(views.map((view) => view.version))).toEqual(new Set([1]));
      const versions = await database.db.select().from(stayAgreementVersions).where(eq(stayAgreementVersions.bookingId, stay.id));
      expect(versions).toHaveLength(1);

      const hash = views[0]!.texts.en.sha256;
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, index) =>
          acceptAgreement(database.db, viewerOf(guest), { bookingId: stay.id, sha256: hash, ip: `10.0.0.${index}`, now: new Date() }),
        ),
      );
      expect(answers.every((answer) => answer.acceptances.guest?.sha256 === hash)).toBe(true);
      const stored = await database.db
        .select()
        .from(stayAgreementAcceptances)
        .where(eq(stayAgreementAcceptances.versionId, versions[0]!.id));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ userId: guest.id, role: 'guest', sha256: hash });
    }
  });
});
