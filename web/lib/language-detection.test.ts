// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { detectVisitorLanguage, fetchCountry, localSignals, readOverrideCookie } from './language-detection.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('fetchCountry', () => {
  it('asks our own /api/geo and returns its country', async () => {
    const fetchImpl = vi.fn(async () => json({ country: 'IL' }));
    expect(await fetchCountry({ fetchImpl: fetchImpl as unknown as typeof fetch })).toBe('IL');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect((fetchImpl.mock.calls[0] as unknown[])[0]).toBe('/api/geo');
  });

  it('retries twice, waiting 1 s then 2 s, then gives up with null', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('offline');
    });
    const sleep = vi.fn(async () => undefined);
    expect(await fetchCountry({ fetchImpl: fetchImpl as unknown as typeof fetch, sleep })).toBeNull();
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [2000]]);
  });

  it('succeeds on a retry after a server error', async () => {
    const fetchImpl = vi
      .fn()
      .mockResolvedValueOnce(json({}, 503))
      .mockResolvedValueOnce(json({ country: 'US' }));
    expect(await fetchCountry({ fetchImpl: fetchImpl as unknown as typeof fetch, sleep: async () => undefined })).toBe('US');
  });

  it('aborts an attempt after the timeout', async () => {
    const fetchImpl = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const result = await fetchCountry({
      fetchImpl: fetchImpl as unknown as typeof fetch,
      sleep: async () => undefined,
      timeoutMs: 5,
      retries: 1,
    });
    expect(result).toBeNull();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});

describe('detectVisitorLanguage', () => {
  it('does not ask for the country when the override decides', async () => {
    const getCountry = vi.fn(async () => 'IL');
    const detection = await detectVisitorLanguage({ override: 'en', timeZone: 'UTC', browserLanguages: ['he'] }, getCountry);
    expect(detection.language).toBe('en');
    expect(getCountry).not.toHaveBeenCalled();
  });

  it('asks for the country when only the browser language is known, and Israel wins over it', async () => {
    const detection = await detectVisitorLanguage({ override: null, timeZone: 'UTC', browserLanguages: ['en-US'] }, async () => 'IL');
    expect(detection).toEqual({ language: 'he', reason: 'israeli_location', setOverride: true });
  });

  it('falls back to the browser language when the country is unknown', async () => {
    const detection = await detectVisitorLanguage({ override: null, timeZone: 'UTC', browserLanguages: ['en-US'] }, async () => null);
    expect(detection.reason).toBe('browser');
  });
});

describe('readOverrideCookie', () => {
  it('finds the cookie among others', () => {
    expect(readOverrideCookie('a=1; language-override=he; b=2')).toBe('he');
    expect(readOverrideCookie('a=1')).toBeNull();
  });
});

describe('localSignals', () => {
  it('reads the time zone from Temporal where the browser has it, else from Intl', () => {
    const global = globalThis as { Temporal?: unknown };
    const had = 'Temporal' in global;
    const saved = global.Temporal;
    try {
      global.Temporal = { Now: { timeZoneId: () => 'Asia/Jerusalem' } };
      expect(localSignals().timeZone).toBe('Asia/Jerusalem');
      delete global.Temporal;
      expect(localSignals().timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      if (had) global.Temporal = saved;
      else delete global.Temporal;
    }
  });
});
