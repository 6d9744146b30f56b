import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcalFeed, escapeIcalText, foldIcalLine, icalProductId } from './ical-export.ts';

const now = new Date('2026-11-25T10:20:30.456Z');

describe('the iCal export', () => {
  const text = buildIcalFeed({
    host: 'lina.example',
    name: 'Lina: דירת גן, תל אביב; with a very long name that certainly needs folding past seventy-five octets',
    now,
    events: [
      { id: 'stay-5b2c', startDate: '2026-12-01', endDate: '2026-12-04', summary: 'Reserved: דנה' },
      { id: 'block-7', startDate: '2026-12-10', endDate: '2026-12-11', summary: 'Not available' },
    ],
  });

  it('is valid iCalendar that ical.js reads back event by event', () => {
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    expect(calendar.getFirstPropertyValue('prodid')).toBe(icalProductId);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(events.map((event) => [event.uid, event.startDate.toString(), event.endDate.toString(), event.summary])).toEqual([
      ['stay-5b2c@lina.example', '2026-12-01', '2026-12-04', 'Reserved: דנה'],
      ['block-7@lina.example', '2026-12-10', '2026-12-11', 'Not available'],
    ]);
    for (const event of events) {
      expect(event.startDate.isDate).toBe(true);
      expect(event.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-25T10:20:30Z');
    }
    // ical.js keeps an X- property's text as written: unfolded, still escaped.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Lina: דירת גן\\, תל אביב\\; with a very long name that certainly needs folding past seventy-five octets',
    );
  });

  it('ends every line with CRLF and folds none past 75 octets', () => {
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
  });

  it('escapes text and never splits a character when folding', () => {
    expect(escapeIcalText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const hebrew = 'SUMMARY:' + 'ש'.repeat(60);
    const folded = foldIcalLine(hebrew);
    expect(folded.split('\r\n ').join('')).toBe(hebrew);
    for (const piece of folded.split('\r\n')) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
  });
});
