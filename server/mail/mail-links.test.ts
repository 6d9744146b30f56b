import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, daysFromNow } from '../seed/factories.ts';
import { createAppsOnOneDatabase, eventually, injectAs, signIn, writeHeaders } from '../test/test-app.ts';
import { listAllMail } from './mail-repository.ts';

/** Headers an attacker sends so that a victim's mail would point at their site. */
const forgedHost = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => new URL(match[0]));

let apps: Awaited<ReturnType<typeof createAppsOnOneDatabase>>;
beforeAll(async () => {
  apps = await createAppsOnOneDatabase();
});
afterAll(() => apps.close());

describe.each([
  { name: 'PUBLIC_URL set', env: { PUBLIC_URL: 'https://lina.example/' } as Record<string, string>, origin: 'https://lina.example' },
  { name: 'development default', env: { PORT: '4321' }, origin: 'http://localhost:4321' },
])('links in mail come from configuration only ($name)', ({ env, origin }) => {
  let t: { app: FastifyInstance; db: typeof apps.db };
  const mailTo = (to: string) => eventually(async () => (await listAllMail(t.db)).filter((mail) => mail.to === to).at(-1));
  const expectOnlyOurLinks = (mail: { text: string; html: string }) => {
    const links = [...linksIn(mail.text), ...linksIn(mail.html)].filter((url) => !url.hostname.endsWith('w3.org'));
    expect(links.length).toBeGreaterThan(0);
    for (const url of links) expect(url.origin).toBe(origin);
  };

  beforeAll(async () => {
    t = { app: await apps.appWith({ env: { TRUST_PROXY: '1', ...env } }), db: apps.db };
  });

  it('password reset', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { ...writeHeaders, ...forgedHost },
      payload: { email: user.email },
    });
    expect(response.statusCode).toBeLessThan(300);
    expectOnlyOurLinks(await mailTo(user.email));
  });

  it('e-mail confirmation after sign-up', async () => {
    const email = `new-${origin.length}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { ...writeHeaders, ...forgedHost },
      payload: { email, password: 'Str0ng!pass', firstName: 'Noa', lastName: 'Peretz', dateOfBirth: '1990-01-01', acceptTerms: true },
    });
    expect(response.statusCode).toBe(201);
    expectOnlyOurLinks(await mailTo(email));
  });

  it('newsletter confirmation', async () => {
    const email = `reader-${origin.length}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { ...writeHeaders, ...forgedHost },
      payload: { email, language: 'en', source: 'footer' },
    });
    expect(response.statusCode).toBeLessThan(300);
    expectOnlyOurLinks(await mailTo(email));
  });

  it('booking request to the host', async () => {
    const host = await createUser(t.db, { role: 'host' });
    const listing = await createProperty(t.db, {
      propertyType: 'sublet',
      hostId: host.id,
      availableFrom: daysFromNow(1),
      availableUntil: daysFromNow(300),
      minStayDays: 1,
    });
    const guest = await createUser(t.db);
    const cookie = await signIn(t.app, guest.email);
    const response = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/bookings',
      headers: forgedHost,
      payload: { propertyId: listing.id, checkIn: daysFromNow(10), checkOut: daysFromNow(45) },
    });
    expect(response.statusCode).toBe(201);
    expectOnlyOurLinks(await mailTo(host.email));
  });
});
