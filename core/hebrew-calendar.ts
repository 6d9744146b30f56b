import { flags, HDate, HebrewCalendar, Locale, type Event } from '@hebcal/core';
import { addDaysIso, localIsoDate } from './dates.ts';
import type { Language } from './languages.ts';

/**
 * The Hebrew calendar as Israelis keep it (one-day festivals, Israeli modern holidays), from
 * `@hebcal/core`. Pure: days are yyyy-MM-dd like every other date of ours, and hebcal's dates are
 * made and read through their local calendar fields only, so the machine's time zone never shifts a day.
 * Big (its Hebrew texts): the web app imports this module only from lazily loaded code.
 */

/**
 * What a day of the Hebrew calendar means for a stay:
 * - `yom-tov`: a festival day kept like Shabbat (no travel for the observant): Rosh Hashana, Yom Kippur,
 *   the first and last days of Sukkot and Pesach, Shavuot;
 * - `chol-hamoed`: the intermediate days of Sukkot and Pesach, when Israelis travel most;
 * - `erev`: the eve of a festival (it starts at sunset);
 * - `minor`: Hanukkah, Purim, Tu BiShvat, Lag BaOmer and the like;
 * - `modern`: Israeli national days (Independence Day, Memorial Days, Jerusalem Day…);
 * - `fast`: Tisha B'Av (minor fasts are left out: nobody plans a stay around them).
 */
export type HolidayKind = 'yom-tov' | 'chol-hamoed' | 'erev' | 'minor' | 'modern' | 'fast';

export interface Holiday {
  /** yyyy-MM-dd, the civil day the holiday's daytime falls on. */
  date: string;
  /** The holiday's name in the requested language (Hebrew without vowel points). */
  name: string;
  kind: HolidayKind;
  /** The festival the day belongs to, in the requested language ('Pesach' for 'Pesach III (CH’’M)'). */
  festival: string;
}

function hebcalDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

function kindOf(event: Event): HolidayKind | null {
  const mask = event.getFlags();
  if (mask & flags.CHAG) return 'yom-tov';
  if (mask & flags.CHOL_HAMOED) return 'chol-hamoed';
  if (mask & flags.EREV) return 'erev';
  if (mask & flags.MAJOR_FAST) return 'fast';
  if (mask & flags.MODERN_HOLIDAY) return 'modern';
  if (mask & flags.MINOR_HOLIDAY) return 'minor';
  return null;
}

function hebcalLocale(language: Language): string {
  return language === 'he' ? 'he-x-NoNikud' : 'en';
}

/**
 * The Israeli holidays from `from` to `to`, both included, in date order. Rosh Chodesh, special
 * Shabbatot, minor fasts, the Omer and Torah readings are left out: nobody plans a stay around them.
 */
export function israeliHolidays(from: string, to: string, language: Language): Holiday[] {
  if (to < from) return [];
  const events = HebrewCalendar.calendar({
    start: hebcalDate(from),
    end: hebcalDate(to),
    il: true,
    noRoshChodesh: true,
    noSpecialShabbat: true,
    noMinorFast: true,
    shabbatMevarchim: false,
  });
  const holidays: Holiday[] = [];
  for (const event of events) {
    const kind = kindOf(event);
    if (!kind) continue;
    const locale = hebcalLocale(language);
    holidays.push({
      date: localIsoDate(event.getDate().greg()),
      name: event.render(locale),
      kind,
      // As render() writes it in English: typographic apostrophes ('Yom HaAtzma’ut').
      festival: Locale.gettext(event.basename(), locale).replace(/'/g, '’'),
    });
  }
  return holidays;
}

/** Whether a day is Shabbat or a festival day in Israel: the days observant guests and hosts do not travel. */
export function isShabbatOrYomTov(day: string): boolean {
  if (hebcalDate(day).getDay() === 6) return true;
  return israeliHolidays(day, day, 'en').some((holiday) => holiday.kind === 'yom-tov');
}

/**
 * The Hebrew date of a day, as a Hebrew page writes it ("ט״ו ניסן תשפ״ז") or in English transliteration
 * ("15 Nisan 5787").
 */
export function hebrewDate(day: string, language: Language): string {
  const date = new HDate(hebcalDate(day));
  return language === 'he' ? date.renderGematriya(true) : `${date.getDate()} ${date.getMonthName()} ${date.getFullYear()}`;
}

/** The day of the Hebrew month in Hebrew numerals ("ט״ו"), for a picker's small print. */
export function hebrewDayOfMonth(day: string): string {
  return new HDate(hebcalDate(day)).renderGematriya(true).split(' ')[0] ?? '';
}

/** A run of days of one festival and kind (Hanukkah's eight days, Pesach's chol hamoed), or a single day. */
export interface HolidaySpan {
  /** The day's name for a single day, the festival's for a run. */
  name: string;
  kind: HolidayKind;
  /** yyyy-MM-dd, both included. */
  from: string;
  to: string;
}

/**
 * Holidays as a legend lists them: consecutive days of the same festival and kind become one span
 * (another holiday on one of the days, such as Chag HaBanot in Hanukkah, does not break it).
 */
export function holidaySpans(holidays: readonly Holiday[]): HolidaySpan[] {
  const spans: (HolidaySpan & { festival: string; days: number })[] = [];
  for (const holiday of holidays) {
    const open = spans.find(
      (span) => span.festival === holiday.festival && span.kind === holiday.kind && addDaysIso(span.to, 1) === holiday.date,
    );
    if (open) {
      open.to = holiday.date;
      open.days += 1;
      open.name = holiday.festival;
    } else {
      spans.push({ name: holiday.name, kind: holiday.kind, from: holiday.date, to: holiday.date, festival: holiday.festival, days: 1 });
    }
  }
  return spans
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
    .map(({ name, kind, from, to }) => ({ name, kind, from, to }));
}

/**
 * The Hebrew months a span of civil days falls in, as a calendar's caption says it: 'חשון–כסלו תשפ״ז'
 * on Hebrew pages, 'Cheshvan–Kislev 5787' otherwise; both years when the Hebrew year changes.
 */
export function hebrewMonthRange(from: string, to: string, language: Language): string {
  const parts = (day: string) => {
    const date = new HDate(hebcalDate(day));
    if (language !== 'he') return { month: date.getMonthName(), year: String(date.getFullYear()) };
    const words = date.renderGematriya(true).split(' ');
    return { month: words.slice(1, -1).join(' '), year: words[words.length - 1] ?? '' };
  };
  const first = parts(from);
  const last = parts(to);
  if (first.year !== last.year) return `${first.month} ${first.year}–${last.month} ${last.year}`;
  if (first.month === last.month) return `${first.month} ${first.year}`;
  return `${first.month}–${last.month} ${first.year}`;
}

/**
 * Holiday seasons a host can price or limit with one choice. Each is a range of nights:
 * from the festival's eve (guests arrive for the meal) to the day after it ends (they leave).
 */
export const holidayPresets = ['rosh-hashana', 'yom-kippur', 'sukkot', 'hanukkah', 'passover', 'shavuot'] as const;
export type HolidayPreset = (typeof holidayPresets)[number];

/** The Hebrew month and day each preset's festival starts on, and its length in days (Israel). */
const presetFestival: Record<HolidayPreset, { month: string; day: number; days: number }> = {
  'rosh-hashana': { month: 'Tishrei', day: 1, days: 2 },
  'yom-kippur': { month: 'Tishrei', day: 10, days: 1 },
  sukkot: { month: 'Tishrei', day: 15, days: 8 }, // with Shemini Atzeret / Simchat Torah
  hanukkah: { month: 'Kislev', day: 25, days: 8 },
  passover: { month: 'Nisan', day: 15, days: 7 },
  shavuot: { month: 'Sivan', day: 6, days: 1 },
};

/**
 * The nights [startDate, endDate) of a holiday season in the Hebrew year that has it next on or after
 * `onOrAfter` (a season already under way counts: its eve is before `onOrAfter` but it has not ended).
 * startDate is the festival's eve; endDate the day after its last day.
 */
export function holidayPresetRange(preset: HolidayPreset, onOrAfter: string): { startDate: string; endDate: string } {
  const festival = presetFestival[preset];
  const hebrewYear = new HDate(hebcalDate(onOrAfter)).getFullYear();
  for (const year of [hebrewYear - 1, hebrewYear, hebrewYear + 1]) {
    const first = localIsoDate(new HDate(festival.day, festival.month, year).greg());
    const range = { startDate: addDaysIso(first, -1), endDate: addDaysIso(first, festival.days) };
    if (range.endDate > onOrAfter) return range;
  }
  throw new Error(`no ${preset} after ${onOrAfter}`);
}
