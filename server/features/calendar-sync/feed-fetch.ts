import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { CalendarSyncError } from '../../../core/calendar-sync-rules.ts';

/**
 * Fetching another site's calendar for a host, who chooses the address: so every fetch is bounded
 * (time, size, redirects) and, unless private addresses are allowed (CALENDAR_SYNC_PRIVATE_ADDRESSES),
 * refuses to connect to loopback, private, link-local and other non-public addresses (SSRF). The
 * check is made on the address actually connected to (a lookup hook on the socket), so a name that
 * resolves to 127.0.0.1, or a redirect to one, is refused like the literal address.
 */

export class FeedFetchError extends Error {
  constructor(
    readonly code: CalendarSyncError,
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export interface FetchFeedOptions {
  etag?: string | null;
  lastModified?: string | null;
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export type FetchFeedResult = { status: 'not_modified' } | { status: 'ok'; text: string; etag: string | null; lastModified: string | null };

export const feedFetchDefaults = { timeoutMs: 15_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 };

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is loopback, private, link-local, shared, multicast or reserved. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return nonPublic.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return nonPublic.check(mapped[1]!, 'ipv4');
  return nonPublic.check(address, 'ipv6');
}

class PrivateAddressError extends Error {}

/** dns.lookup, refusing non-public answers: used by the socket, so it judges what is connected to. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isNonPublicAddress(a.address));
      if (usable.length === 0) return callback(new PrivateAddressError(hostname), '', 0);
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

const redirects = new Set([301, 302, 303, 307, 308]);

interface OneAnswer {
  status: number;
  location?: string;
  etag: string | null;
  lastModified: string | null;
  text?: string;
}

function requestOnce(
  url: URL,
  headers: Record<string, string>,
  options: Required<Omit<FetchFeedOptions, 'etag' | 'lastModified'>>,
  deadline: number,
) {
  return new Promise<OneAnswer>((resolve, reject) => {
    const bareHost = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(bareHost) && !options.allowPrivateAddresses && isNonPublicAddress(bareHost)) {
      reject(new FeedFetchError('private_address', bareHost));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'GET', headers, lookup: guardedLookup(options.allowPrivateAddresses) });
    const timer = setTimeout(() => request.destroy(new FeedFetchError('timeout')), Math.max(1, deadline - Date.now()));
    const fail = (error: unknown) => {
      clearTimeout(timer);
      if (error instanceof FeedFetchError) reject(error);
      else if (error instanceof PrivateAddressError) reject(new FeedFetchError('private_address', error.message));
      else reject(new FeedFetchError('unreachable', error instanceof Error ? error.message : String(error)));
    };
    request.on('error', fail);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === 'string' ? value : null;
      };
      const answer = { status, etag: header('etag'), lastModified: header('last-modified') };
      if (status !== 200) {
        response.resume();
        clearTimeout(timer);
        resolve({ ...answer, location: header('location') ?? undefined });
        return;
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        request.destroy(new FeedFetchError('too_large'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit the download stops at once: a huge feed costs us at most maxBytes.
        if (size > options.maxBytes) request.destroy(new FeedFetchError('too_large'));
        else chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({ ...answer, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.end();
  });
}

/** Fetches a feed, conditionally when validators are known; follows up to maxRedirects http(s) redirects itself. */
export async function fetchFeed(address: string, options: FetchFeedOptions): Promise<FetchFeedResult> {
  const settings = {
    allowPrivateAddresses: options.allowPrivateAddresses,
    timeoutMs: options.timeoutMs ?? feedFetchDefaults.timeoutMs,
    maxBytes: options.maxBytes ?? feedFetchDefaults.maxBytes,
    maxRedirects: options.maxRedirects ?? feedFetchDefaults.maxRedirects,
  };
  const deadline = Date.now() + settings.timeoutMs;
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'accept-encoding': 'identity',
    'user-agent': 'Lina calendar sync (+https://lina.co.il)',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedFetchError('bad_redirect', url.protocol);
    const answer = await requestOnce(url, headers, settings, deadline);
    if (answer.status === 304 && (options.etag || options.lastModified)) return { status: 'not_modified' };
    if (answer.status === 200) return { status: 'ok', text: answer.text ?? '', etag: answer.etag, lastModified: answer.lastModified };
    if (!redirects.has(answer.status)) throw new FeedFetchError('http_status', String(answer.status));
    if (!answer.location) throw new FeedFetchError('bad_redirect', 'no Location');
    if (hop >= settings.maxRedirects) throw new FeedFetchError('too_many_redirects');
    try {
      url = new URL(answer.location, url);
    } catch {
      throw new FeedFetchError('bad_redirect', answer.location.slice(0, 100));
    }
  }
}
