import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import he from '../web/i18n/he.json' with { type: 'json' };
import { launchBrowser, newPage, seriousAxeViolations } from './browser.ts';

const errorsOf = (page: Page) => page.getByTestId('explore-errors').locator('li').allTextContents();

/** Picks a place through the autocomplete: types, waits for the option, clicks it. */
async function pickPlace(page: Page, typed: string, name: string) {
  await page.getByTestId('explore-location-input').fill(typed);
  await page
    .getByTestId('explore-location-listbox')
    .getByRole('option', { name: new RegExp(`^${name}`) })
    .first()
    .click();
  expect(await page.getByTestId('explore-location-input').inputValue()).toBe(name);
}

/** Opens the calendar and clicks two selectable days (by their order among future days); returns their dates. */
async function pickDays(page: Page, first: number, second: number): Promise<[string, string]> {
  await page.getByTestId('explore-dates-button').click();
  const dialog = page.getByTestId('explore-dates-dialog');
  const days = dialog.locator('button[data-iso]:not([disabled])');
  await days.first().waitFor();
  const a = (await days.nth(first).getAttribute('data-iso'))!;
  const b = (await days.nth(second).getAttribute('data-iso'))!;
  await days.nth(first).click();
  await dialog.locator(`button[data-iso="${b}"]`).click();
  await dialog.waitFor({ state: 'detached' });
  return [a, b];
}

describe('the explore page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('lists every missing field in order on Search, and clears the list when the location changes', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/explore');
    await page.getByTestId('page-explore').waitFor();
    await page.getByTestId('explore-search').click();
    const errors = page.getByTestId('explore-errors');
    await errors.waitFor();
    expect(await errors.getAttribute('role')).toBe('alert');
    expect(await errorsOf(page)).toEqual(['Please select a location', 'Please select a check-in date', 'Please select a check-out date']);
    expect(new URL(page.url()).pathname).toBe('/explore');

    await page.getByTestId('explore-location-input').fill('H');
    await errors.waitFor({ state: 'detached' });
    await context.close();
  });

  it('asks hotels for a destination first, shows the rooms picker, and clears the errors when the dates change', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/explore');
    await page.getByTestId('explore-type-hotel').click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'hotels');
    await page.getByTestId('explore-rooms').waitFor();
    expect(await page.getByTestId('explore-dates').textContent()).toContain('Check In');

    await page.getByTestId('explore-search').click();
    await page.getByTestId('explore-errors').waitFor();
    expect(await errorsOf(page)).toEqual([
      'Please select a destination',
      'Please select a check-in date',
      'Please select a check-out date',
    ]);

    await page.getByTestId('explore-dates-button').click();
    await page.getByTestId('explore-dates-dialog').locator('button[data-iso]:not([disabled])').first().click();
    await page.getByTestId('explore-errors').waitFor({ state: 'detached' });
    await context.close();
  });

  it('suggests places as the visitor types and picks one with the keyboard', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/explore');
    const input = page.getByTestId('explore-location-input');
    expect(await input.getAttribute('role')).toBe('combobox');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await input.fill('tel');
    const listbox = page.getByTestId('explore-location-listbox');
    await listbox
      .getByRole('option', { name: /^Tel Aviv/ })
      .first()
      .waitFor();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await input.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));

    const options = await listbox.getByRole('option').all();
    expect(options.length).toBeGreaterThan(0);
    expect(options.length).toBeLessThanOrEqual(8);
    const names = await Promise.all(options.map((option) => option.locator('span > span').first().textContent()));
    const index = names.indexOf('Tel Aviv');
    expect(index).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i++) await input.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options[index]!.getAttribute('id'));
    expect(await options[index]!.getAttribute('aria-selected')).toBe('true');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('Tel Aviv');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    // Enter picked the place; it did not submit the form.
    expect(new URL(page.url()).pathname).toBe('/explore');

    await input.fill('Jeru');
    await listbox.getByRole('option').first().waitFor();
    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('suggests Hebrew names on /he/explore', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/he/explore');
    await pickPlace(page, 'ירוש', 'ירושלים');
    await context.close();
  });

  it('searches: "Searching..." and then /results with the type, place and dates', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/explore?type=rentals');
    await pickPlace(page, 'haif', 'Haifa');
    // The second click is earlier than the first: the two are swapped.
    const [later, earlier] = await pickDays(page, 6, 2);
    expect(await page.getByTestId('explore-summary').textContent()).toMatch(
      /^Searching for: Rentals in Haifa from \w{3} \d{2}, \d{4} to \w{3} \d{2}, \d{4}$/,
    );

    // Hold the search answer to see the button while it waits.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('explore-search').click();
    await page.getByTestId('explore-search').getByText('Searching...').waitFor();
    release();
    await page.waitForURL((url) => url.pathname === '/results');
    const params = new URL(page.url()).searchParams;
    expect(params.get('type')).toBe('rental');
    expect(params.get('location')).toBe('Haifa');
    expect(params.get('checkIn')).toBe(earlier);
    expect(params.get('checkOut')).toBe(later);
    expect(params.has('rooms')).toBe(false);
    await context.close();
  });

  it('keeps the rooms picker within its limits and sends rooms and guests with a hotel search', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/he/explore?type=hotels');
    await page.getByTestId('explore-rooms-button').click();
    const dialog = page.getByTestId('explore-rooms-dialog');
    await dialog.waitFor();
    const room = (index: number) => `explore-rooms-room-${index}`;
    expect(await dialog.getByTestId(`${room(0)}-remove`).count()).toBe(0);

    // Rooms: up to 8, a new one with 2 adults and no children.
    const addRoom = dialog.getByTestId('explore-rooms-add-room');
    for (let i = 0; i < 7; i++) await addRoom.click();
    expect(await dialog.locator('[data-testid^="explore-rooms-room-"][data-testid$="-adults-value"]').count()).toBe(8);
    expect(await addRoom.isDisabled()).toBe(true);
    expect(await dialog.getByTestId(`${room(7)}-adults-value`).textContent()).toBe('2');
    expect(await dialog.getByTestId(`${room(7)}-children-value`).textContent()).toBe('0');
    for (let i = 7; i > 0; i--) await dialog.getByTestId(`${room(i)}-remove`).click();
    expect(await dialog.getByTestId(`${room(0)}-remove`).count()).toBe(0);
    expect(await addRoom.isDisabled()).toBe(false);

    // Adults 1-8.
    const adultsUp = dialog.getByTestId(`${room(0)}-adults-increase`);
    const adultsDown = dialog.getByTestId(`${room(0)}-adults-decrease`);
    for (let i = 0; i < 6; i++) await adultsUp.click();
    expect(await dialog.getByTestId(`${room(0)}-adults-value`).textContent()).toBe('8');
    expect(await adultsUp.isDisabled()).toBe(true);
    for (let i = 0; i < 7; i++) await adultsDown.click();
    expect(await dialog.getByTestId(`${room(0)}-adults-value`).textContent()).toBe('1');
    expect(await adultsDown.isDisabled()).toBe(true);

    // Children 0-4, one age select (0-17, default 10) each, growing and shrinking with the count.
    const childrenUp = dialog.getByTestId(`${room(0)}-children-increase`);
    for (let i = 0; i < 4; i++) await childrenUp.click();
    expect(await childrenUp.isDisabled()).toBe(true);
    const ages = dialog.locator(`select[data-testid^="${room(0)}-age-"]`);
    expect(await ages.count()).toBe(4);
    expect(await ages.first().inputValue()).toBe('10');
    expect(await ages.first().locator('option').allTextContents()).toEqual(Array.from({ length: 18 }, (_, age) => String(age)));
    await ages.first().selectOption('3');
    await dialog.getByTestId(`${room(0)}-children-decrease`).click();
    await dialog.getByTestId(`${room(0)}-children-decrease`).click();
    expect(await ages.count()).toBe(2);
    expect(await ages.first().inputValue()).toBe('3');

    // One room of 1 adult and 2 children, plus a new room of 2 adults: 5 guests in 2 rooms.
    await addRoom.click();
    await dialog.getByTestId('explore-rooms-done').click();
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button in a task after the dialog closes; typing before it would lose the field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('explore-rooms-button');
    const summary = `${he.search.rooms.guests_other.replace('{{count}}', '5')}, ${he.search.rooms.rooms_two.replace('{{count}}', '2')}`;
    expect(await page.getByTestId('explore-rooms-summary').textContent()).toBe(summary);

    await pickPlace(page, 'אילת', 'אילת');
    await pickDays(page, 1, 3);
    await page.getByTestId('explore-search').click();
    await page.waitForURL((url) => url.pathname === '/he/results');
    const params = new URL(page.url()).searchParams;
    expect(params.get('type')).toBe('hotel');
    expect(params.get('location')).toBe('אילת');
    expect(params.get('rooms')).toBe('2');
    expect(params.get('guests')).toBe('5');
    await context.close();
  });

  it('Clear All Filters empties the place and dates and goes back to sublets', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/explore?type=hotels');
    await pickPlace(page, 'haif', 'Haifa');
    await pickDays(page, 0, 1);
    expect(await page.getByTestId('explore-summary').textContent()).toContain('Searching for: Hotels in Haifa from');
    await page.getByTestId('explore-clear').click();
    await page.waitForURL((url) => !url.searchParams.has('type'));
    // The URL changes a render before the type selector does.
    await page.locator('[data-testid="explore-type-sublet"][data-checked="true"]').waitFor();
    expect(await page.getByTestId('explore-location-input').inputValue()).toBe('');
    expect(await page.getByTestId('explore-dates-button').textContent()).toContain('Select dates');
    expect(await page.getByTestId('explore-type-sublet').getAttribute('data-checked')).toBe('true');
    expect(await page.getByTestId('explore-summary').count()).toBe(0);
    await context.close();
  });

  it('shows six featured listings, why choose us, and browses all sublets', async () => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto('/explore');
    const featured = page.getByTestId('explore-featured');
    await featured.getByTestId('results-card').nth(5).waitFor();
    expect(await featured.getByTestId('results-card').count()).toBe(6);
    expect(await page.getByTestId('explore-features').locator('li').count()).toBe(3);
    expect(await page.getByTestId('explore-features').textContent()).toContain('Why choose us');
    await page.getByTestId('explore-browse-all').click();
    await page.waitForURL((url) => url.pathname === '/results' && url.search === '?type=sublet');
    await context.close();
  });

  it('shows a compact search bar once the search has scrolled near the top, and returns to the form', async () => {
    const { page, context } = await newPage(browser, { asGuest: true, width: 390, height: 844 });
    await page.goto('/explore');
    await page.getByTestId('explore-search-card').waitFor();
    const compact = page.getByTestId('explore-compact-bar');
    expect(await compact.count()).toBe(0);
    await page.getByTestId('explore-featured').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    await compact.waitFor();
    const top = await page.getByTestId('explore-search-card').evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeLessThanOrEqual(100);
    await page.getByTestId('explore-compact-search').click();
    await compact.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'explore-location-input');
    await context.close();
  });

  it.each(['/explore', '/he/explore'])('has no serious accessibility problems on %s', async (path) => {
    const { page, context } = await newPage(browser, { asGuest: true });
    await page.goto(path);
    await page.getByTestId('explore-featured').getByTestId('results-card').first().waitFor();
    await page.getByTestId('footer').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility problems with the calendar, the rooms picker and the suggestions open', async () => {
    const { page, context } = await newPage(browser, { asGuest: true, colorScheme: 'dark' });
    await page.goto('/he/explore?type=hotels');
    await page.getByTestId('explore-dates-button').click();
    await page.getByTestId('explore-dates-dialog').locator('button[data-iso]:not([disabled])').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('explore-rooms-button').click();
    await page.getByTestId('explore-rooms-room-0-children-increase').click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('explore-location-input').fill('תל');
    await page.getByTestId('explore-location-option-0').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
