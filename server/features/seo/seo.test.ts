import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformSettings } from '../../db/schema.ts';
import { createProperty } from '../../seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

describe('sitemap.xml and robots.txt', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { PUBLIC_URL: 'https://lina.example' } });
  });
  afterAll(() => t.close());

  it('before launch lists the landing and the legal pages only, never a listing, post or article', async () => {
    const approved = await createProperty(t.db, { status: 'approved' });
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs.sort()).toEqual(
      [
        'https://lina.example/',
        'https://lina.example/he',
        'https://lina.example/terms',
        'https://lina.example/he/terms',
        'https://lina.example/privacy',
        'https://lina.example/he/privacy',
        'https://lina.example/accessibility',
        'https://lina.example/he/accessibility',
      ].sort(),
    );
    expect(response.body).not.toContain(`/property/${approved.id}<`);
  });

  it('once live, lists the public pages in both languages with alternates, and only approved listings', async () => {
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    const approved = await createProperty(t.db, { status: 'approved' });
    const draft = await createProperty(t.db, { status: 'draft' });
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toMatch(/^<\?xml/);
    for (const loc of [
      'https://lina.example/',
      'https://lina.example/he',
      'https://lina.example/contact',
      'https://lina.example/he/careers',
    ]) {
      expect(xml).toContain(`<loc>${loc}</loc>`);
    }
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="he" href="https://lina.example/he/about"/>');
    expect(xml).toContain('hreflang="x-default" href="https://lina.example/about"');
    expect(xml).toContain(`<loc>https://lina.example/he/property/${approved.id}</loc>`);
    // Every post and help article of content/, not only the spec's two known posts.
    expect(xml).toContain('<loc>https://lina.example/blog/local-seo-strategies-short-term-rental-hosts</loc>');
    expect(xml).toContain('<loc>https://lina.example/he/blog/complete-guide-seo-vacation-rental-websites-2025</loc>');
    expect(xml.match(/<loc>https:\/\/lina\.example\/blog\/[a-z0-9-]+<\/loc>/g)!.length).toBeGreaterThanOrEqual(12);
    expect(xml).toMatch(/<loc>https:\/\/lina\.example\/help\/[a-z0-9-]+<\/loc>/);
    expect(xml).not.toContain(`/property/${draft.id}<`);
    expect(xml).not.toContain('/profile');
  });

  it('robots.txt keeps crawlers out of private pages and points at the sitemap', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /he/my-bookings');
    expect(response.body).toContain('Sitemap: https://lina.example/sitemap.xml');
  });
});
