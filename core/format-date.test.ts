// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { enUS, he } from 'date-fns/locale';
import { formatDate, formatDateRange } from './format-date.ts';

describe('formatDate', () => {
  const moment = new Date(2026, 10, 23, 23, 25);

  it('writes each named format in English', () => {
    expect(formatDate(moment, 'date', 'en')).toBe('Nov 23, 2026');
    expect(formatDate(moment, 'dateTime', 'en')).toBe('Nov 23, 2026, 23:25');
    expect(formatDate(moment, 'monthDay', 'en')).toBe('Nov 23');
    expect(formatDate(moment, 'monthYear', 'en')).toBe('November 2026');
    expect(formatDate(moment, 'long', 'en')).toBe('November 23, 2026');
  });

  it('writes each named format in Hebrew', () => {
    expect(formatDate(moment, 'date', 'he')).toBe('23 בנוב׳ 2026');
    expect(formatDate(moment, 'dateTime', 'he')).toBe('23 בנוב׳ 2026, 23:25');
    expect(formatDate(moment, 'monthDay', 'he')).toBe('23 בנוב׳');
    expect(formatDate(moment, 'monthYear', 'he')).toBe('נובמבר 2026');
    expect(formatDate(moment, 'long', 'he')).toBe('23 בנובמבר 2026');
  });

  it('writes a range with the year once, or on both ends across a new year', () => {
    expect(formatDateRange(new Date(2026, 10, 23), new Date(2026, 11, 2), 'en')).toBe('Nov 23 - Dec 02, 2026');
    expect(formatDateRange(new Date(2026, 11, 30), new Date(2027, 0, 2), 'en')).toBe('Dec 30, 2026 - Jan 02, 2027');
    expect(formatDateRange(new Date(2026, 10, 23), new Date(2026, 11, 2), 'he')).toBe('23 בנוב׳ - 2 בדצמ׳ 2026');
  });

  // The app's own formatter writes what date-fns's `format` with its locales wrote before (and what
  // the range calendar, which keeps date-fns, writes): every month, one- and two-digit days and hours.
  it('writes what date-fns writes, for every month in both languages', () => {
    const patterns = {
      en: { date: 'MMM dd, yyyy', dateTime: 'MMM dd, yyyy, HH:mm', monthDay: 'MMM dd', monthYear: 'MMMM yyyy', long: 'MMMM d, yyyy' },
      he: { date: 'd בMMM yyyy', dateTime: 'd בMMM yyyy, HH:mm', monthDay: 'd בMMM', monthYear: 'MMMM yyyy', long: 'd בMMMM yyyy' },
    } as const;
    for (const language of ['en', 'he'] as const) {
      for (let month = 0; month < 12; month += 1) {
        for (const [day, hour, minute] of [
          [3, 7, 5],
          [28, 19, 45],
        ] as const) {
          const moment = new Date(2027, month, day, hour, minute);
          for (const [name, pattern] of Object.entries(patterns[language])) {
            const expected = format(moment, pattern, { locale: language === 'he' ? he : enUS });
            expect(formatDate(moment, name as keyof typeof patterns.en, language)).toBe(expected);
          }
        }
      }
    }
  });
});

describe('dates in the web app', () => {
  // Every date goes through the named formats above; the range calendar's English day labels are
  // the one exception (they name the weekday, for screen readers).
  it('are written only through core/format-date.ts', () => {
    const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return files(full);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const allowed = new Set(['components/search/range-calendar.tsx']);
    const offenders = files(webDir)
      .map((file) => path.relative(webDir, file))
      .filter((file) => !allowed.has(file))
      .filter((file) => {
        const text = readFileSync(path.join(webDir, file), 'utf8');
        return (
          /Intl\.DateTimeFormat\(\s*[^)]/.test(text) ||
          /toLocale(Date|Time)?String\(/.test(text) ||
          /import \{[^}]*\bformat\b[^}]*\} from 'date-fns'/.test(text) ||
          // formatDate takes only a format's name; the spec's raw patterns stay behind it.
          /\bdateFormats\.(display|range|long)\b/.test(text)
        );
      });
    expect(offenders).toEqual([]);
  });
});
