import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPostsPerPage } from '../../../core/constants.ts';
import { helpCategories, legalDocuments } from '../../../core/content.ts';
import { platformSettings } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, type TestContext } from '../../test/test-app.ts';
import { createContentStore } from '../../content/content-store.ts';
import { renderMarkdown } from '../../content/render-markdown.ts';

describe('content API', () => {
  let t: TestContext;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestContext();
    const reader = await createUser(t.db);
    cookie = await signIn(t.app, reader.email, reader.password);
  });
  afterAll(() => t.close());

  const get = (url: string) => injectAs(t.app, cookie, { method: 'GET', url });

  it('answers 401 to visitors in prelaunch and serves them once live', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/blog' });
    expect(visitor.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/help' })).statusCode).toBe(401);
    await t.db.insert(platformSettings).values({ key: 'launch_mode', value: 'live' });
    expect((await t.app.inject({ method: 'GET', url: '/api/legal/terms' })).statusCode).toBe(200);
    await t.db.delete(platformSettings);
  });

  it('serves the terms and the privacy policy to visitors in prelaunch: sign-up asks them to accept both', async () => {
    for (const doc of ['terms', 'privacy', 'accessibility']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/legal/${doc}?lang=he` });
      expect(response.statusCode, doc).toBe(200);
      expect(response.json().sections.length).toBeGreaterThan(0);
    }
  });

  it('lists blog posts newest first, nine a page', async () => {
    const first = await get('/api/blog');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.posts).toHaveLength(blogPostsPerPage);
    expect(body.pageCount).toBe(Math.ceil(body.total / blogPostsPerPage));
    expect(body.total).toBeGreaterThan(blogPostsPerPage);
    const dates = body.posts.map((post: { date: string }) => post.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = (await get('/api/blog?page=2')).json();
    expect(second.page).toBe(2);
    expect(second.posts).toHaveLength(body.total - blogPostsPerPage);
    const slugs = new Set(body.posts.map((post: { slug: string }) => post.slug));
    expect(second.posts.some((post: { slug: string }) => slugs.has(post.slug))).toBe(false);
  });

  it('filters by category', async () => {
    const body = (await get('/api/blog?category=seo')).json();
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.posts.every((post: { category: string }) => post.category === 'seo')).toBe(true);
    expect(body.pageCount).toBe(1);
  });

  it('serves the two known posts in both languages, with related articles', async () => {
    for (const slug of ['complete-guide-seo-vacation-rental-websites-2025', 'local-seo-strategies-short-term-rental-hosts']) {
      const en = (await get(`/api/blog/${slug}`)).json();
      expect(en).toMatchObject({ slug, category: 'seo' });
      expect(en.readTimeMinutes).toBeGreaterThanOrEqual(1);
      expect(en.views).toBeGreaterThan(0);
      expect(en.tags.length).toBeGreaterThan(0);
      expect(en.html).toContain('<h2>');
      expect(en.related).toHaveLength(3);
      expect(en.related.some((post: { slug: string }) => post.slug === slug)).toBe(false);
      const he = (await get(`/api/blog/${slug}?lang=he`)).json();
      expect(he.title).toMatch(/[\u0590-\u05FF]/);
      expect(he.date).toBe(en.date);
    }
  });

  it('answers an unknown slug with 404 post_not_found', async () => {
    const response = await get('/api/blog/no-such-post');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('post_not_found');
    const help = await get('/api/help/no-such-article');
    expect(help.statusCode).toBe(404);
    expect(help.json().error.code).toBe('help_article_not_found');
  });

  it('refuses bad parameters with 400, never 500', async () => {
    for (const url of [
      '/api/blog?page=0',
      '/api/blog?page=abc',
      '/api/blog?category=gossip',
      '/api/blog?lang=fr',
      '/api/blog/..%2F..%2Fpackage',
      '/api/blog/Not_A_Slug',
      `/api/help?q=${'x'.repeat(500)}`,
      '/api/legal/cookies',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code, url).toBe('validation_failed');
    }
  });

  it('serves terms and privacy in 18 numbered sections, in both languages', async () => {
    for (const doc of ['terms', 'privacy']) {
      for (const lang of ['en', 'he']) {
        const body = (await get(`/api/legal/${doc}?lang=${lang}`)).json();
        expect(body.sections).toHaveLength(18);
        // The privacy policy gained downloading and deleting your data (issue 39, decision 050).
        expect(body.lastUpdated).toBe(doc === 'privacy' ? '2026-11-27' : '2025-01-15');
        expect(body.sections[0].id).toBe('section-1');
        body.sections.forEach((section: { title: string }, index: number) => expect(section.title).toMatch(new RegExp(`^${index + 1}\\. `)));
      }
    }
  });

  it('serves the accessibility statement in both languages: the standard, the checks, the limits, the coordinator and the date', async () => {
    for (const lang of ['en', 'he']) {
      const body = (await get(`/api/legal/accessibility?lang=${lang}`)).json();
      expect(body.sections).toHaveLength(6);
      expect(body.lastUpdated).toBe('2026-11-27');
      const text = JSON.stringify(body);
      for (const needle of ['5568', 'WCAG', '2.1', 'axe', 'accessibility@lina.co.il']) expect(text, `${lang}: ${needle}`).toContain(needle);
    }
  });

  it('searches help categories by name or article title, case-insensitively', async () => {
    const all = (await get('/api/help')).json();
    expect(all.categories.map((category: { name: string }) => category.name)).toEqual([
      'Getting Started',
      'Booking & Payments',
      'Hosting',
      'Account & Settings',
      'Safety & Trust',
      'Technical Support',
    ]);
    expect(all.popular).toHaveLength(5);
    expect(all.popular[0].views).toBeGreaterThanOrEqual(all.popular[4].views);

    const byName = (await get('/api/help?q=HOSTING')).json();
    expect(byName.categories.map((category: { id: string }) => category.id)).toEqual(['hosting']);

    const byTitle = (await get('/api/help?q=identity')).json();
    expect(byTitle.categories.map((category: { id: string }) => category.id)).toEqual(['account-settings']);
    expect(byTitle.categories[0].articles.map((article: { slug: string }) => article.slug)).toEqual(['verifying-your-identity']);

    const hebrew = (await get(`/api/help?lang=he&q=${encodeURIComponent('אירוח')}`)).json();
    expect(hebrew.categories.map((category: { id: string }) => category.id)).toContain('hosting');

    expect((await get('/api/help?q=zzzz')).json().categories).toEqual([]);
  });

  it('explains paying and receipts in both languages (the help center links them from its quick actions)', async () => {
    const paying = (await get('/api/help/paying-for-your-stay')).json();
    expect(paying).toMatchObject({ category: 'booking-payments', title: 'Paying for your stay and refunds' });
    for (const words of ['Pay on arrival', 'Stripe', 'authorized', 'charged when the host accepts', 'released', 'Flexible', 'Moderate', 'Strict', 'Long stay', 'cleaning fee always comes back'])
      expect(paying.html).toContain(words);
    const receipts = (await get('/api/help/downloading-receipts')).json();
    expect(receipts.html).toContain('My Bookings');
    expect(receipts.html).toContain('Receipt');
    for (const slug of ['paying-for-your-stay', 'downloading-receipts']) {
      const he = (await get(`/api/help/${slug}?lang=he`)).json();
      expect(he.title).toMatch(/[\u0590-\u05FF]/);
      expect(he.html).toMatch(/[\u0590-\u05FF]/);
      expect(he.html.toLowerCase()).not.toContain('coming soon');
    }
    expect((await get('/api/help/paying-for-your-stay?lang=he')).json().html).toContain('Stripe');
    expect((await get('/api/help/downloading-receipts?lang=he')).json().html).toContain('הזמנות שלי');
  });

  it('serves a help article', async () => {
    const body = (await get('/api/help/how-to-book-a-stay?lang=he')).json();
    expect(body).toMatchObject({ slug: 'how-to-book-a-stay', category: 'booking-payments' });
    expect(body.html).toMatch(/[\u0590-\u05FF]/);
  });

  it('lists the content routes in OpenAPI', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/blog', '/api/blog/{slug}', '/api/legal/{doc}', '/api/help', '/api/help/{slug}']));
  });
});

describe('renderMarkdown', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      '# Title\n\nHello <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) <a href="https://example.com" onclick="x()">out</a>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img|alert\(1\)/);
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>');
  });

  it('keeps the Markdown structure', () => {
    expect(renderMarkdown('## Heading\n\n- **one**\n- two')).toBe('<h2>Heading</h2>\n<ul>\n<li><strong>one</strong></li>\n<li>two</li>\n</ul>');
  });
});

describe('content store', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lina-content-'));
    for (const folder of ['blog', 'help', 'legal']) mkdirSync(path.join(dir, folder));
    const fm = (lines: string[]) => `---\n${lines.join('\n')}\n---\n`;
    writeFileSync(
      path.join(dir, 'blog', 'evil.en.md'),
      fm(['date: "2025-01-01"', 'category: seo', 'views: 1', 'title: Evil', 'excerpt: x', 'author: A', 'authorBio: B', 'tags: [x]']) +
        'Hi <script>document.cookie</script><iframe src="https://evil.example"></iframe>',
    );
    writeFileSync(path.join(dir, 'blog', 'evil.he.md'), fm(['title: רע', 'excerpt: x', 'author: א', 'authorBio: ב', 'tags: [x]']) + 'שלום');
    const categoryNames = helpCategories.map((id) => `${id}: { en: { name: A, description: B }, he: { name: א, description: ב } }`);
    writeFileSync(path.join(dir, 'help', 'categories.yaml'), categoryNames.join('\n'));
    for (const doc of legalDocuments) {
      writeFileSync(path.join(dir, 'legal', `${doc}.en.md`), fm(['lastUpdated: "2025-01-15"', 'title: T']) + 'Intro\n\n## 1. One\n\nText');
      writeFileSync(path.join(dir, 'legal', `${doc}.he.md`), fm(['title: ת']) + 'מבוא\n\n## 1. אחד\n\nטקסט');
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves sanitised HTML from a fixture with a script', async () => {
    const post = await createContentStore(dir).blogPost('evil', 'en');
    expect(post?.html).toBe('<p>Hi </p>');
  });

  it('names the file when front matter is wrong', async () => {
    writeFileSync(path.join(dir, 'blog', 'broken.en.md'), '---\ncategory: gossip\n---\nText');
    writeFileSync(path.join(dir, 'blog', 'broken.he.md'), '---\ntitle: x\n---\nText');
    await expect(createContentStore(dir).blogPage({ lang: 'en', page: 1 })).rejects.toThrow(/broken\.en\.md: .*category/);
    rmSync(path.join(dir, 'blog', 'broken.en.md'));
    rmSync(path.join(dir, 'blog', 'broken.he.md'));
  });
});
