import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '../core/contracts/listings.ts';
import en from '../web/i18n/en.json' with { type: 'json' };
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations, signInAs } from './browser.ts';
import { getJson, listingsOf, openProperty } from './stays.ts';

// A guest reports a listing from its page; the admin finds the report in the Reports tab and
// resolves it with a note.

describe('reporting a listing', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the guest reports a listing and the admin resolves it', async () => {
    const guest = await newPage(browser, { asGuest: true });
    const me = await getJson<{ user: { id: string } }>(guest.context, '/api/session');
    // Not a hotel that keeps Shabbat: on such a page a click on "Report" in its first seconds opens no
    // dialog (a known bug, see the notes of 2026-11-25), which this test is not about.
    const listing = (await listingsOf(guest.context, 'hotel')).find((l: ListingDetail) => l.host.id !== me.user.id && !l.keepsShabbat);
    expect(listing).toBeDefined();
    const details = `Photos do not match the place (${Date.now()})`;

    await openProperty(guest.page, `/property/${listing!.id}`);
    await guest.page.getByTestId('report-listing').click();
    const dialog = guest.page.getByTestId('report-listing-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(en.report.title);
    // Sending without a reason says what is missing, next to the field.
    await dialog.getByTestId('report-send').click();
    await dialog.getByText(en.report.reasonRequired).waitFor();
    expect(await dialog.getByLabel(en.report.reason).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel(en.report.reason).selectOption('inaccurate');
    await dialog.getByLabel(en.report.details).fill(details);
    await dialog.getByTestId('report-send').click();
    await guest.page.getByText(en.report.sent).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await guest.context.close();

    const admin = await newPage(browser);
    await signInAs(admin.context, 'admin@example.com');
    await admin.page.goto('/admin?tab=reports');
    const report = admin.page.getByTestId('report').filter({ hasText: details });
    await report.waitFor({ timeout: 20_000 });
    expect(await report.getByTestId('report-status').textContent()).toContain(en.admin.reportStatus.pending);
    expect(await report.textContent()).toContain(listing!.title);
    await report.getByTestId('report-resolved-open').click();
    const resolve = admin.page.getByTestId('report-resolved');
    await resolve.getByRole('textbox').fill('Asked the host to replace the photos');
    await resolve.getByTestId('report-resolved-confirm').click();
    await admin.page.waitForFunction(
      (text) =>
        [...document.querySelectorAll('[data-testid="report"]')].some(
          (row) => row.textContent?.includes(text) && row.querySelector('[data-testid="report-status"]')?.textContent?.includes('Resolved'),
        ),
      details,
    );
    expect(await report.textContent()).toContain('Asked the host to replace the photos');
    await admin.context.close();
  });

  it('is right to left in Hebrew and accessible, and hidden from the listing’s own host', async () => {
    const guest = await newPage(browser, { asGuest: true, locale: 'he-IL', colorScheme: 'dark' });
    const me = await getJson<{ user: { id: string } }>(guest.context, '/api/session');
    const listing = (await listingsOf(guest.context, 'rental')).find((l) => l.host.id !== me.user.id)!;
    await openProperty(guest.page, `/he/property/${listing.id}`);
    await guest.page.getByTestId('report-listing').click();
    const dialog = guest.page.getByTestId('report-listing-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('dir')).toBe('rtl');
    expect(await dialog.getByRole('heading').textContent()).toBe(he.report.title);
    await dialog.getByTestId('report-send').click();
    await dialog.getByText(he.report.reasonRequired).waitFor();
    expect(await seriousAxeViolations(guest.page)).toEqual([]);
    await guest.context.close();

    // The demo host does not see the button on their own listing.
    const host = await newPage(browser);
    await signInAs(host.context, 'host@example.com');
    const own = await getJson<{ listings: { id: number; status: string }[] }>(host.context, '/api/host/listings?lang=en');
    const published = own.listings.find((l) => l.status === 'approved');
    expect(published).toBeDefined();
    await openProperty(host.page, `/property/${published!.id}`);
    await host.page.getByTestId('property-host').waitFor();
    expect(await host.page.getByTestId('report-listing').count()).toBe(0);
    expect(await host.page.getByTestId('report-host').count()).toBe(0);
    await host.context.close();
  });
});
