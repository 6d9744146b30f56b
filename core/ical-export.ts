/**
 * A listing's calendar as an RFC 5545 iCalendar feed, for other sites to import
 * (docs/decisions/016-calendar-sync.md). Every event is all-day (VALUE=DATE) with DTEND the
 * check-out day, which iCalendar reads as exclusive, so a stay's last night is the night before.
 * UIDs are `stay-<id>@<our host>` and `block-<id>@<our host>`: stable across fetches, and
 * recognisable when another site echoes them back to us (the import skips them).
 */

export interface ExportEvent {
  /** Unique within our site: `stay-<uuid>` or `block-<id>`. */
  id: string;
  startDate: string;
  endDate: string;
  summary: string;
}

export interface ExportCalendar {
  /** Our host name, e.g. lina.co.il: the right-hand side of every UID. */
  host: string;
  name: string;
  events: ExportEvent[];
  /** When the feed is made: every event's DTSTAMP. */
  now: Date;
}

export const icalProductId = '-//Lina//Calendar sync 1.0//EN';

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export function escapeIcalText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Lines are folded at 75 octets (RFC 5545 3.1): a CRLF and one space before the rest, never in the
 * middle of a UTF-8 character (Hebrew names are two octets a letter).
 */
export function foldIcalLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation line's leading space counts as one of its 75.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

const compactDate = (day: string) => day.replaceAll('-', '');
const compactStamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The feed's text: CRLF line endings, folded lines, one VEVENT per stay or block. */
export function buildIcalFeed(calendar: ExportCalendar): string {
  const stamp = compactStamp(calendar.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${icalProductId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcalText(calendar.name)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@${calendar.host}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(event.startDate)}`,
      `DTEND;VALUE=DATE:${compactDate(event.endDate)}`,
      `SUMMARY:${escapeIcalText(event.summary)}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcalLine).join('\r\n') + '\r\n';
}
