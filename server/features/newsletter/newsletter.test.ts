import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions, outgoingMail } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

describe('newsletter', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const subscribe = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/newsletter', headers: writeHeaders, payload: payload as object });
  const mailsTo = (to: string) => t.db.select().from(outgoingMail).where(eq(outgoingMail.toAddress, to));
  const linkIn = (text: string) => /https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/.exec(text)?.[0];

  it('stores a subscription once and mails one confirmation link in the chosen language', async () => {
    expect((await subscribe({ email: 'Reader@Example.com', language: 'he' })).statusCode).toBe(201);
    expect((await subscribe({ email: 'reader@example.com' })).statusCode).toBe(201);
    const rows = await t.db.select().from(newsletterSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'reader@example.com', language: 'he', source: 'footer', confirmedAt: null });
    const mails = await mailsTo('reader@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('ניוזלטר');
    expect(linkIn(mails[0]!.textBody)).toBeDefined();
  });

  it('confirms through the link once, then lands on the home page of the language', async () => {
    await subscribe({ email: 'blog-reader@example.com', language: 'he', source: 'blog' });
    const link = linkIn((await mailsTo('blog-reader@example.com'))[0]!.textBody)!;
    const url = new URL(link);
    const first = await t.app.inject({ url: url.pathname + url.search });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/he?newsletterConfirmed=1');
    const [row] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'blog-reader@example.com'));
    expect(row).toMatchObject({ source: 'blog', confirmTokenHash: null });
    expect(row!.confirmedAt).toBeInstanceOf(Date);

    expect((await t.app.inject({ url: url.pathname + url.search })).headers.location).toBe('/?newsletterConfirmed=0');
    expect((await t.app.inject({ url: '/api/newsletter/confirm?token=made-up' })).headers.location).toBe('/?newsletterConfirmed=0');
    expect((await t.app.inject({ url: '/api/newsletter/confirm' })).headers.location).toBe('/?newsletterConfirmed=0');

    // Confirmed already: signing up again sends nothing.
    await subscribe({ email: 'blog-reader@example.com' });
    expect(await mailsTo('blog-reader@example.com')).toHaveLength(1);
  });

  it('refuses a bad e-mail or an unknown source with 400', async () => {
    const response = await subscribe({ email: 'not an email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.fields).toHaveProperty('email');
    expect((await subscribe({ email: 'a@example.com', source: 'popup' })).json().error.fields).toHaveProperty('source');
  });

  it('lists subscriptions for admins only', async () => {
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    await createUser(t.db, { email: 'guest@example.com' });
    expect((await t.app.inject({ url: '/api/admin/newsletter-subscriptions' })).statusCode).toBe(401);
    expect(
      (await injectAs(t.app, await signIn(t.app, 'guest@example.com'), { url: '/api/admin/newsletter-subscriptions' })).statusCode,
    ).toBe(403);
    const listed = await injectAs(t.app, await signIn(t.app, 'admin@example.com'), { url: '/api/admin/newsletter-subscriptions' });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .items.map((item: { email: string }) => item.email)
        .sort(),
    ).toEqual(['blog-reader@example.com', 'reader@example.com']);
    expect(listed.json().items[0]).not.toHaveProperty('confirmTokenHash');
  });
});
