import { geolocationRetries, geolocationTimeoutMs, languageOverrideCookieDays } from '../../core/constants.ts';
import { detectLanguage, decidesWithoutCountry, type Detection, type LanguageSignals } from '../../core/language-detection.ts';
import type { Language } from '../../core/languages.ts';

export const overrideCookieName = 'language-override';
/** 1 s before the first retry, 2 s before the second. */
export const retryDelaysMs = [1000, 2000] as const;

export function readOverrideCookie(cookie: string = document.cookie): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === overrideCookieName) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The visitor's own choice (or detected Hebrew), kept for 365 days; it decides before anything else. */
export function writeOverrideCookie(language: Language) {
  const maxAge = languageOverrideCookieDays * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${overrideCookieName}=${language}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

interface FetchCountryOptions {
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  retries?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The visitor's country from our own GET /api/geo (never a third party): each attempt is aborted
 * after 5 s, and a failed attempt is retried twice, after 1 s and then 2 s. null when unknown.
 */
export async function fetchCountry(options: FetchCountryOptions = {}): Promise<string | null> {
  const { fetchImpl = fetch, sleep = wait, timeoutMs = geolocationTimeoutMs, retries = geolocationRetries } = options;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(retryDelaysMs[attempt - 1] ?? retryDelaysMs[retryDelaysMs.length - 1]!);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchImpl('/api/geo', { signal: controller.signal, headers: { Accept: 'application/json' } });
      if (response.ok) {
        const body = (await response.json()) as { country?: unknown };
        return typeof body.country === 'string' ? body.country : null;
      }
    } catch {
      // Network failure or timeout: try again.
    } finally {
      clearTimeout(timer);
    }
  }
  return null;
}

/**
 * The visitor's time zone. Temporal's answer costs nothing; the first Intl.DateTimeFormat a page makes
 * loads the date formatting data (22-28 ms of a fast machine's main thread, four times that on a
 * phone) for a page that may format no date at all. Browsers without Temporal pay it.
 */
function visitorTimeZone(): string | null {
  try {
    const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
    return temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** What the browser tells us without a network call. */
export function localSignals(): Omit<LanguageSignals, 'country'> {
  const timeZone = visitorTimeZone();
  return {
    override: readOverrideCookie(),
    timeZone,
    browserLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
  };
}

/** Runs the detection, asking for the country only when the local signals do not settle it. */
export async function detectVisitorLanguage(
  signals = localSignals(),
  getCountry: () => Promise<string | null> = fetchCountry,
): Promise<Detection> {
  const country = decidesWithoutCountry(signals) ? null : await getCountry();
  return detectLanguage({ ...signals, country });
}
