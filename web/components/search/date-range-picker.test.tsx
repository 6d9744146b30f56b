import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import { DateRangePicker } from './date-range-picker.tsx';

// A phone: no media query for a wide screen matches.
const phone = () =>
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener() {}, removeEventListener() {} }));

describe('DateRangePicker on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows two months, as the specification asks (one under the other)', async () => {
    phone();
    // The calendar is its own chunk: loaded before, so that the wait below is for rendering only.
    await import('./range-calendar.tsx');
    renderPage(
      <DateRangePicker
        id="stay"
        startLabel="Check-in"
        endLabel="Check-out"
        checkIn=""
        checkOut=""
        onChange={() => undefined}
        testId="stay"
      />,
      { path: '/' },
    );
    await userEvent.click(screen.getByTestId('stay-button'));
    await screen.findByTestId('stay-calendar', {}, { timeout: 15_000 });
    expect(await screen.findAllByRole('grid')).toHaveLength(2);
  }, 30_000);
});
