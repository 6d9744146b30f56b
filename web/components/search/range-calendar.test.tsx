import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page.tsx';
import RangeCalendar from './range-calendar.tsx';

// December 2027: Chanukah from the evening of Friday 24 December to 2 January 2028. The calendar never shows past
// months, so it is opened there through initialMonth.
const jerusalem = { slug: 'jerusalem', latitude: 31.7683, longitude: 35.2137 };

function calendar(path: string, extra: Partial<Parameters<typeof RangeCalendar>[0]> = {}) {
  return renderPage(
    <RangeCalendar
      checkIn=""
      checkOut=""
      onPickDay={() => undefined}
      numberOfMonths={1}
      language={path.startsWith('/he') ? 'he' : 'en'}
      testId="cal"
      initialMonth="2027-12-01"
      autoFocus={false}
      {...extra}
    />,
    { path },
  );
}

const day = (iso: string) => document.querySelector<HTMLButtonElement>(`button[data-iso="${iso}"]`)!;

describe('RangeCalendar and the Hebrew calendar', () => {
  it('marks the holidays with their names and lists them under the month', () => {
    calendar('/');
    const chanukah = day('2027-12-26');
    expect(chanukah.getAttribute('data-holiday')).toMatch(/^Chanukah: 3 Candles/);
    expect(chanukah.getAttribute('aria-label')).toContain('Chanukah: 3 Candles');
    expect(chanukah.querySelector('[data-holiday-mark]')).not.toBeNull();
    expect(day('2027-12-14').getAttribute('data-holiday')).toBeNull();
    expect(screen.getByTestId('cal-holidays').textContent).toContain('Chanukah (Dec 25–31)');
    // English pages show no Hebrew date.
    expect(document.querySelector('[data-hebrew-day]')).toBeNull();
    expect(screen.queryByTestId('hebrew-month-range')).toBeNull();
  });

  it('shows the Hebrew day of month and the Hebrew months on Hebrew pages, named in Hebrew', () => {
    calendar('/he');
    expect(day('2027-12-26').querySelector('[data-hebrew-day]')?.textContent).toBe('כ״ו');
    expect(day('2027-12-26').textContent).toContain('חנוכה: ג׳ נרות');
    expect(screen.getByTestId('hebrew-month-range').textContent).toBe('כסלו–טבת תשפ״ח');
    expect(screen.getByTestId('cal-holidays').textContent).toContain('חנוכה');
  });

  it('disables the days a Shabbat-keeping listing refuses, for arrival and then for departure, with the reason', () => {
    const { unmount } = calendar('/', { shabbat: { checkInTime: '15:00', city: jerusalem } });
    // Friday 17 December 2027: candles at 15:57 in Jerusalem, less than an hour after 15:00.
    expect(day('2027-12-17').disabled).toBe(true);
    expect(day('2027-12-17').title).toContain('no check-in: candles are lit at 15:57');
    expect(day('2027-12-18').title).toContain('no check-in on Shabbat or a holiday');
    expect(day('2027-12-16').disabled).toBe(false);
    expect(screen.getByTestId('cal-shabbat-note').textContent).toBe(
      'This place keeps Shabbat: no check-in or check-out on Shabbat and holidays.',
    );
    unmount();
    calendar('/', { shabbat: { checkInTime: '15:00', city: jerusalem }, checkIn: '2027-12-16' });
    // Picking the departure: Friday morning is fine, Shabbat is not.
    expect(day('2027-12-17').disabled).toBe(false);
    expect(day('2027-12-18').disabled).toBe(true);
    expect(day('2027-12-18').title).toContain('no check-out on Shabbat or a holiday');
  });
});
