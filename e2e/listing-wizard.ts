import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import { seriousAxeViolations } from './browser.ts';

/** The sublet the wizard steps below list: Florentin, Tel Aviv. */
export const wizardListing = { titleHe: 'לופט מואר בפלורנטין', place: 'Florent', type: 'sublet' } as const;

async function next(page: Page, step: string) {
  await page.getByTestId('wizard-next').click();
  await page.getByTestId(`wizard-form-${step}`).waitFor({ timeout: 15_000 });
}

/**
 * Lists a sublet through the wizard as the signed-in host, with one photo, and submits it.
 * Returns the listing's id; with `checkAccessibility` the first and photo steps are checked with axe.
 */
export async function createAndSubmitListing(
  page: Page,
  { title, checkAccessibility = false }: { title: string; checkAccessibility?: boolean },
) {
  await page.goto('/host/listings/new');
  await page.getByTestId('wizard-form-basics').waitFor({ timeout: 20_000 });
  if (checkAccessibility) expect(await seriousAxeViolations(page)).toEqual([]);

  await page.getByTestId(`wizard-type-${wizardListing.type}`).click();
  await page.getByTestId('wizard-place-input').fill(wizardListing.place);
  await page.getByTestId('wizard-place-option-0').click();
  await page.getByTestId('wizard-address').fill('12 Florentin St');
  await next(page, 'describe');
  const listingId = Number(/\/host\/listings\/(\d+)\/edit/.exec(page.url())?.[1]);
  expect(listingId).toBeGreaterThan(0);

  await page.getByTestId('wizard-titleEn').fill(title);
  await page.getByTestId('wizard-titleHe').fill(wizardListing.titleHe);
  await page.getByTestId('wizard-descriptionEn').fill('A bright loft above the market, with a balcony, fast wifi and a quiet bedroom.');
  await page.getByTestId('wizard-descriptionHe').fill('לופט מואר מעל השוק, עם מרפסת, אינטרנט מהיר וחדר שינה שקט.');
  await next(page, 'details');
  await page.getByTestId('wizard-price').fill('6500');
  await next(page, 'amenities');
  await page.getByText(en.listing.amenities.balcony, { exact: true }).click();
  await next(page, 'availability');
  await page.getByTestId('wizard-minStayDays').fill('30');
  await page.getByTestId('wizard-maxStayDays').fill('180');
  await next(page, 'arrival');
  // Arrival information (private to confirmed guests) is saved with the step's Save and continue.
  await page.getByTestId('arrival-checkInInstructionsEn').fill('The keys are with the neighbour in flat 2.');
  await page.getByTestId('arrival-checkInInstructionsHe').fill('המפתחות אצל השכנים בדירה 2.');
  await next(page, 'photos');

  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0d9488' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('wizard-photo-input').setInputFiles({ name: 'loft.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByTestId('wizard-photo').first().waitFor({ timeout: 15_000 });
  if (checkAccessibility) expect(await seriousAxeViolations(page)).toEqual([]);
  await next(page, 'review');
  expect(await page.getByTestId('wizard-missing').count()).toBe(0);

  await page.getByTestId('wizard-submit').click();
  await page.locator('[data-testid="listing-status"][data-status="submitted"]').waitFor({ timeout: 15_000 });
  return listingId;
}
