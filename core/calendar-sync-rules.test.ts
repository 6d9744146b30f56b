import { describe, expect, it } from 'vitest';
import { normalizeFeedUrl } from './calendar-sync-rules.ts';

describe('calendar addresses', () => {
  it('takes http and https, and webcal as https', () => {
    expect(normalizeFeedUrl(' https://www.airbnb.com/calendar/ical/1.ics?s=abc#x ')).toEqual({
      url: 'https://www.airbnb.com/calendar/ical/1.ics?s=abc',
    });
    expect(normalizeFeedUrl('http://example.com/a.ics')).toEqual({ url: 'http://example.com/a.ics' });
    expect(normalizeFeedUrl('webcal://example.com/a.ics')).toEqual({ url: 'https://example.com/a.ics' });
  });

  it('refuses other schemes, credentials and non-addresses', () => {
    expect(normalizeFeedUrl('file:///etc/passwd')).toEqual({ problem: 'unsupported_scheme' });
    expect(normalizeFeedUrl('ftp://example.com/a.ics')).toEqual({ problem: 'unsupported_scheme' });
    expect(normalizeFeedUrl('javascript:alert(1)')).toEqual({ problem: 'unsupported_scheme' });
    expect(normalizeFeedUrl('https://user:pw@example.com/a.ics')).toEqual({ problem: 'invalid_url' });
    expect(normalizeFeedUrl('not a url')).toEqual({ problem: 'invalid_url' });
    expect(normalizeFeedUrl('')).toEqual({ problem: 'invalid_url' });
    expect(normalizeFeedUrl(`https://example.com/${'a'.repeat(2000)}`)).toEqual({ problem: 'invalid_url' });
  });
});
