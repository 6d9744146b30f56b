import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';

/** A translation by its dotted key, e.g. text(he, 'errors.notFound.title'). */
function text(messages: unknown, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`no translation ${key}`);
  return value;
}

const htmlAttributes = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    dark: document.documentElement.classList.contains('dark'),
  }));

describe('the web shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('serves / in English, left to right, and /he in Hebrew, right to left', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await page.getByTestId('page-landing').waitFor();
    expect(await htmlAttributes(page)).toMatchObject({ lang: 'en', dir: 'ltr' });
    await page.goto('/he');
    await page.getByTestId('page-landing').waitFor();
    expect(await htmlAttributes(page)).toMatchObject({ lang: 'he', dir: 'rtl' });
    await context.close();
  });

  it('runs under the Content-Security-Policy with no violation, the theme script allowed by its hash', async () => {
    const { page, context } = await newPage(browser, { colorScheme: 'dark' });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // Record violations from the very start of every document, before any of our scripts run.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    for (const url of ['/', '/auth', '/he/auth', '/terms']) {
      const response = await page.goto(url);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.locator('main').first().waitFor();
      // The inline theme script ran: the dark class is there.
      expect((await htmlAttributes(page)).dark).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])).toEqual([]);
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown path, in Hebrew under /he, and returns home', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/no/such/page');
    const notFound = page.getByTestId('page-not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain('Oops! Page not found');

    await page.goto('/he/no/such/page');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain(text(he, 'notFound.title'));
    expect(await notFound.textContent()).not.toContain('Oops! Page not found');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL((url) => url.pathname === '/he');
    await context.close();
  });

  it('sends a visitor who opens /profile to /', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('page-landing').waitFor();
    await page.goto('/he/my-bookings?tab=past');
    await page.waitForURL((url) => url.pathname === '/he');
    await context.close();
  });

  it('lets the demo guest sign in with the form and reach /results', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth');
    await page.getByTestId('sign-in-email').fill('guest@example.com');
    await page.getByTestId('sign-in-password').fill('Passw0rd!');
    await page.getByTestId('sign-in-submit').click();
    await page.getByText('Welcome back!').waitFor();
    await page.getByTestId('nav-welcome').waitFor();
    expect(await page.getByTestId('nav-welcome').textContent()).toContain('Dana');
    await page.goto('/results?type=hotels');
    await page.getByTestId('nav-type-switcher').waitFor();
    expect(new URL(page.url()).pathname).toBe('/results');
    await context.close();
  });

  it('says Sign-in failed for a wrong password', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth');
    await page.getByTestId('sign-in-email').fill('guest@example.com');
    await page.getByTestId('sign-in-password').fill('wrong-password');
    await page.getByTestId('sign-in-submit').click();
    await page.getByText('Sign-in failed').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('switches language keeping the path and the query string, both ways', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(context, 'guest@example.com');
    await page.goto('/results?type=hotels&location=Haifa');
    await page.getByTestId('nav-language-switcher').click();
    await page.waitForURL((url) => url.pathname === '/he/results');
    expect(new URL(page.url()).search).toBe('?type=hotels&location=Haifa');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await htmlAttributes(page)).toMatchObject({ lang: 'he', dir: 'rtl' });

    // <html dir> changes before React re-renders the switcher: click it once it offers English.
    await page.getByTestId('nav-language-switcher').filter({ hasText: 'English' }).click();
    await page.waitForURL((url) => url.pathname === '/results');
    expect(new URL(page.url()).search).toBe('?type=hotels&location=Haifa');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await context.close();
  });

  it('keeps a deep link in Hebrew across a reload', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(context, 'guest@example.com');
    await page.goto('/he/explore?type=rentals');
    await page.getByTestId('nav-bar').waitFor();
    await page.reload();
    await page.getByTestId('nav-bar').waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/he/explore?type=rentals');
    expect(await htmlAttributes(page)).toMatchObject({ lang: 'he', dir: 'rtl' });
    await context.close();
  });

  describe('theme', () => {
    it('follows the system when nothing is stored, also when the system changes', async () => {
      const { page, context } = await newPage(browser, { colorScheme: 'dark' });
      await page.goto('/');
      await page.getByTestId('page-landing').waitFor();
      expect((await htmlAttributes(page)).dark).toBe(true);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      await context.close();
    });

    it('follows the stored choice over the system, and stores a new choice under "theme"', async () => {
      const { page, context } = await newPage(browser, { colorScheme: 'light' });
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('theme', 'dark');
          sessionStorage.setItem('seeded', '1');
        }
      });
      await page.goto('/');
      await page.getByTestId('page-landing').waitFor();
      expect((await htmlAttributes(page)).dark).toBe(true);

      await page.getByTestId('theme-options-light').click();
      await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      await page.reload();
      await page.getByTestId('page-landing').waitFor();
      expect((await htmlAttributes(page)).dark).toBe(false);
      await context.close();
    });
  });

  it('compacts the navigation bar after 50 px of scrolling', async () => {
    const { page, context } = await newPage(browser);
    await signInAs(context, 'guest@example.com');
    await page.goto('/about');
    const nav = page.getByTestId('nav-bar');
    await nav.waitFor();
    expect(await nav.getAttribute('data-compact')).toBe('false');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 200);
    });
    await page.waitForFunction(() => document.querySelector('[data-testid="nav-bar"]')?.getAttribute('data-compact') === 'true');
    await context.close();
  });

  it('opens the mobile menu below 768 px', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await signInAs(context, 'guest@example.com');
    await page.goto('/explore');
    await page.getByTestId('nav-menu-button').click();
    const menu = page.getByTestId('mobile-menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain(text(en, 'nav.myBookings'));
    await context.close();
  });

  it.each(['/', '/auth', '/he', '/he/auth', '/missing-page'])('has no serious accessibility problems on %s', async (path) => {
    const { page, context } = await newPage(browser);
    await page.goto(path);
    await page.getByTestId('footer').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
