import { validateHeaderValue } from 'node:http';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportReasons } from '../../core/constants.ts';
import { createSession } from '../features/auth/auth-repository.ts';
import { newSessionToken, sessionCookieName, sessionIdOf } from '../features/auth/session-tokens.ts';
import { createBooking, createProperty, createPropertyPhoto, createUser, daysFromNow } from '../seed/factories.ts';
import { createTestContext, injectAs, writeHeaders, type TestContext } from './test-app.ts';
import { createRandom } from '../seed/random.ts';

/**
 * No input a user can type gives a 5xx. For every route of the OpenAPI document and every role,
 * each parameter and body field in turn gets hostile values (NUL bytes, ids past PostgreSQL's
 * integer, very long strings, wrong types...), and bodies get malformed as a whole. The choices
 * come from a seeded generator: FUZZ_SEED=<n> replays a run, and a failure names the route, the
 * role and the input. FUZZ_TIMING=1 prints the slowest routes.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20261123);

/** Values sent for every field: each one has broken a web app somewhere. */
const alwaysTried: unknown[] = [
  '\u0000',
  'Tel\u0000Aviv',
  2_147_483_648,
  '2147483648',
  -1,
  '-1',
  1e308,
  'NaN',
  'x'.repeat(100_000),
  ['1', '2'],
  { $ne: null },
  null,
];
/** A few of these per field, picked by the seeded generator. */
const sometimesTried: unknown[] = [
  0,
  '0',
  -0,
  1.5,
  2 ** 53 + 1,
  '9'.repeat(40),
  '1e400',
  '-Infinity',
  'Infinity',
  '0x7fffffff',
  '',
  ' ',
  true,
  'true',
  '\u202e\u05de\u05dc\u05d5\u05df 😀\u200f',
  '👨‍👩‍👧‍👦'.repeat(500),
  "' OR 1=1; --",
  "'); DROP TABLE users; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '%00',
  '%',
  '\\',
  '2026-02-30',
  '9999-99-99',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  [],
  [[[]]],
  {},
  { toString: 'x' },
  '\ud800',
];
const extraPerField = 3;

/** Whole bodies, sent as they are with the content type given. */
const hostileBodies: { payload: string | Buffer; contentType?: string; label: string }[] = [
  { payload: '', contentType: 'application/json', label: 'empty JSON body' },
  { payload: '{', contentType: 'application/json', label: 'malformed JSON' },
  { payload: '{"a":', contentType: 'application/json', label: 'truncated JSON' },
  { payload: 'null', contentType: 'application/json', label: 'JSON null' },
  { payload: '[]', contentType: 'application/json', label: 'JSON array' },
  { payload: '"text"', contentType: 'application/json', label: 'JSON string' },
  { payload: '12', contentType: 'application/json', label: 'JSON number' },
  {
    payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    contentType: 'application/json',
    label: 'prototype pollution',
  },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json', label: 'deeply nested JSON' },
  { payload: '{"\\u0000":"\\u0000"}', contentType: 'application/json', label: 'NUL key and value' },
  { payload: '{"x":1e999}', contentType: 'application/json', label: 'JSON number overflow' },
  { payload: 'hello', contentType: 'text/plain', label: 'text/plain' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded', label: 'form body' },
  { payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), contentType: 'image/png', label: 'broken PNG' },
  { payload: Buffer.from('%PDF-1.7\n\u0000\u0000'), contentType: 'application/pdf', label: 'broken PDF' },
  { payload: Buffer.alloc(2048, 0), contentType: 'application/octet-stream', label: 'zero bytes' },
];

type Role = 'anonymous' | 'guest' | 'host' | 'admin';
const roles: Role[] = ['anonymous', 'guest', 'host', 'admin'];

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** The statuses the document says it answers (server/http/openapi.ts adds the 4xx). */
  statuses: string[];
}

const dateLike = /date|checkin|checkout|from|until/i;

/** A plausible value for a schema: the fuzzer changes one field at a time around it. */
function sample(schema: JsonSchema, name: string, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? null;
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice) return sample(choice.find((option) => option.type !== 'null' && !option.enum?.includes(null)) ?? choice[0]!, name, depth);
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 || !schema.items ? [] : Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items!, name, depth + 1));
    case 'object': {
      if (depth > 3) return {};
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sample(schema.properties?.[key] ?? {}, key, depth + 1);
      return value;
    }
    default:
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (dateLike.test(name)) return daysFromNow(150);
      if (/password/i.test(name)) return 'Passw0rd!x';
      if (/visitorId/i.test(name)) return 'visitor-0001';
      if (/path/i.test(name)) return '/';
      return 'a'.repeat(Math.max(schema.minLength ?? 0, 3));
  }
}

/** The body fields the fuzzer aims at: top-level ones, and those one object or array below. */
function bodyFields(schema: JsonSchema | undefined): string[][] {
  const fields: string[][] = [];
  for (const [key, property] of Object.entries(schema?.properties ?? {})) {
    fields.push([key]);
    for (const child of Object.keys(property.properties ?? {})) fields.push([key, child]);
    for (const child of Object.keys(property.items?.properties ?? {})) fields.push([key, '0', child]);
  }
  return fields;
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body ?? {}) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const [i, key] of path.slice(0, -1).entries()) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = /^\d+$/.test(path[i + 1]!) ? [{}] : {};
    else if (Array.isArray(next) && next.length === 0) next.push({});
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  return copy;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** Node's HTTP parser refuses a header with a NUL or a line break before any route sees it. */
function isSendableHeader(name: string, value: string): boolean {
  try {
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

/** Percent-encodes for a URL; a lone surrogate becomes the invalid UTF-8 a raw client could send. */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

function describeValue(value: unknown): string {
  const text = asText(value);
  const shown = text.length > 60 ? `${text.slice(0, 40)}… (${text.length} chars)` : text;
  return JSON.stringify(shown).replaceAll('\\u0000', '\\0');
}

describe('fuzzing every route with hostile input', () => {
  let t: TestContext;
  const ids = {} as Record<string, string | number>;
  const userIds = {} as Record<Exclude<Role, 'anonymous'>, string>;
  /** Users whose sessions routes like sign-out-everywhere may end: a fresh session for each request. */
  const expendable = {} as Record<Exclude<Role, 'anonymous'>, string>;
  const cookies = {} as Record<Exclude<Role, 'anonymous'>, string>;

  async function sessionCookie(userId: string) {
    const token = newSessionToken();
    await createSession(t.db, { id: sessionIdOf(token), userId, expiresAt: new Date(Date.now() + 86_400_000), ip: null, userAgent: null });
    return `${sessionCookieName}=${token}`;
  }

  beforeAll(async () => {
    t = await createTestContext();
    const guest = await createUser(t.db, { firstName: 'Gil' });
    const host = await createUser(t.db, { role: 'host', firstName: 'Hila', profile: { idVerificationStatus: 'verified' } });
    const admin = await createUser(t.db, { role: 'admin', firstName: 'Ada' });
    const bystander = await createUser(t.db, { firstName: 'Bea' });
    Object.assign(userIds, { guest: guest.id, host: host.id, admin: admin.id });
    for (const role of ['guest', 'host', 'admin'] as const) {
      cookies[role] = await sessionCookie(userIds[role]);
      const spare = await createUser(t.db, {
        role,
        firstName: `Spare ${role}`,
        profile: { idVerificationStatus: role === 'host' ? 'verified' : 'unverified' },
      });
      expendable[role] = spare.id;
    }
    const listing = await createProperty(t.db, { hostId: host.id });
    const draft = await createProperty(t.db, { hostId: host.id, status: 'draft', publishedAt: null });
    const photo = await createPropertyPhoto(t.db, { propertyId: draft.id });
    const submitted = await createProperty(t.db, { hostId: host.id, status: 'submitted', publishedAt: null });
    const booking = await createBooking(t.db, {
      propertyId: listing.id,
      guestId: guest.id,
      status: 'pending',
      checkIn: daysFromNow(60),
      checkOut: daysFromNow(62),
    });
    const report = await injectAs(t.app, cookies.guest, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetType: 'property', propertyId: listing.id, reason: reportReasons[0] },
    });
    const block = await injectAs(t.app, cookies.host, {
      method: 'POST',
      url: `/api/host/listings/${listing.id}/blocks`,
      payload: { startDate: daysFromNow(100), endDate: daysFromNow(102) },
    });
    const priceRules = await injectAs(t.app, cookies.host, {
      method: 'POST',
      url: `/api/host/listings/${listing.id}/price-rules`,
      payload: { startDate: daysFromNow(100), endDate: daysFromNow(102), adjustPercent: 20 },
    });
    const blog = await injectAs(t.app, cookies.admin, { url: '/api/blog' });
    const help = await injectAs(t.app, cookies.admin, { url: '/api/help' });
    Object.assign(ids, {
      listing: listing.id,
      draft: draft.id,
      photo: photo.id,
      submitted: submitted.id,
      booking: booking.id,
      report: (report.json() as { id: number }).id,
      block: (block.json() as { blocks: { id: number }[] }).blocks[0]!.id,
      priceRule: (priceRules.json() as { rules: { id: number }[] }).rules[0]!.id,
      bystander: bystander.id,
      guest: guest.id,
      blogSlug: (blog.json() as { posts: { slug: string }[] }).posts[0]!.slug,
      helpSlug: (help.json() as { categories: { articles: { slug: string }[] }[] }).categories[0]!.articles[0]!.slug,
    });
    await t.storage.put('public/test/fuzz.png', Buffer.from('not really a png'), 'image/png');
  });
  afterAll(() => t?.close());

  /** Real ids for path parameters, so that requests reach the handlers rather than a 404. */
  function pathValue(path: string, parameter: Parameter): unknown {
    const { name, schema } = parameter;
    if (name === 'path' && path.startsWith('/api/media/public/')) return 'test/fuzz.png';
    if (schema.enum) return schema.enum[0];
    if (name === 'slug') return path.startsWith('/api/blog') ? ids.blogSlug : ids.helpSlug;
    if (name === 'userId') return path.startsWith('/api/admin') ? ids.bystander : ids.guest;
    if (name === 'photoId') return ids.photo;
    if (name === 'blockId') return ids.block;
    if (name === 'ruleId') return ids.priceRule;
    if (path.startsWith('/api/bookings/')) return ids.booking;
    if (path.startsWith('/api/admin/users/')) return ids.bystander;
    if (path.startsWith('/api/admin/reports/')) return ids.report;
    if (path.startsWith('/api/admin/listings/')) return ids.submitted;
    if (path.startsWith('/api/admin/job-applications/')) return 1;
    if (path.startsWith('/api/host/listings/'))
      return path.includes('/blocks') || path.includes('/price-rules') || path.endsWith('/calendar') ? ids.listing : ids.draft;
    return ids.listing;
  }

  function operations(): Operation[] {
    const document = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: Parameter[];
            requestBody?: { content: Record<string, { schema: JsonSchema }> };
            responses: Record<string, unknown>;
          }
        >
      >;
    };
    return Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        statuses: Object.keys(operation.responses),
      })),
    );
  }

  /** Ends sessions or the account's standing: such routes act on expendable users, each time a fresh session. */
  const endsSessions = (operation: Operation) => /sign-out|password-reset\/complete/.test(operation.path);

  it('answers no request with a 5xx', { timeout: 600_000 }, async () => {
    const random = createRandom(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    const unreached: string[] = [];
    const undocumented = new Set<string>();
    let address = 0;

    async function send(
      operation: Operation,
      role: Role,
      change: {
        path?: Record<string, unknown>;
        query?: Record<string, unknown>;
        headers?: Record<string, string>;
        body?: unknown;
        raw?: (typeof hostileBodies)[number];
      },
      label: string,
    ) {
      let url = operation.path;
      for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
        const value = change.path && parameter.name in change.path ? change.path[parameter.name] : pathValue(operation.path, parameter);
        const text = Array.isArray(value) ? value.map(asText).join(',') : asText(value);
        url = url.replace(`{${parameter.name}}`, parameter.name === 'path' ? text.split('/').map(encodePart).join('/') : encodePart(text));
      }
      const search = new URLSearchParams();
      const query: Record<string, unknown> = {};
      for (const parameter of operation.parameters.filter((p) => p.in === 'query' && p.required))
        query[parameter.name] = sample(parameter.schema, parameter.name);
      Object.assign(query, change.query);
      for (const [key, value] of Object.entries(query)) {
        for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
      }
      if (search.size) url += `?${search.toString()}`;

      const headers: Record<string, string> = { ...writeHeaders, ...change.headers };
      if (role !== 'anonymous') headers.cookie = endsSessions(operation) ? await sessionCookie(expendable[role]) : cookies[role];
      const options: InjectOptions = {
        method: operation.method as InjectOptions['method'],
        url,
        headers,
        // Rate limits count per address: every request comes from its own.
        remoteAddress: `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      };
      if (change.raw) {
        options.payload = change.raw.payload;
        if (change.raw.contentType) headers['content-type'] = change.raw.contentType;
      } else if (change.body !== undefined) {
        options.payload = JSON.stringify(change.body);
        headers['content-type'] = 'application/json';
      }
      requests++;
      let status: number;
      let body = '';
      try {
        const response = await t.app.inject(options);
        status = response.statusCode;
        body = response.body;
      } catch (error) {
        // light-my-request refuses some inputs (a header with a NUL) before our server sees them.
        if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_INVALID')) return { status: 0, code: '' };
        throw error;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 400 && status < 500 && !operation.statuses.includes(String(status))) {
        undocumented.add(`${operation.method} ${operation.path}: ${status}`);
      }
      if (status >= 500) failures.push(`${operation.method} ${operation.path} as ${role}, ${label}: ${status} ${body.slice(0, 160)}`);
      let code = '';
      try {
        code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? '';
      } catch {
        // not JSON: a file, a page or a redirect
      }
      return { status, code };
    }

    const started = Date.now();
    const all = operations();
    // Routes that end sessions go last, so that nothing else runs on what they changed.
    const ordered = [...all.filter((o) => !endsSessions(o)), ...all.filter(endsSessions)];
    const timing: [string, number][] = [];
    for (const operation of ordered) {
      const routeStarted = Date.now();
      const baseBody = operation.body ? sample(operation.body, 'body') : undefined;
      // Who gets past authorization with ordinary input: hostile input is mostly sent as them.
      const reaching: Role[] = [];
      for (const role of roles) {
        const { code } = await send(operation, role, { body: baseBody }, 'ordinary input');
        if (code !== 'unauthenticated' && code !== 'forbidden') reaching.push(role);
      }
      if (!reaching.length) unreached.push(`${operation.method} ${operation.path}`);
      const sender = () => (reaching.length && random() < 0.8 ? pick(reaching) : pick(roles));
      const valuesFor = () => [...alwaysTried, ...Array.from({ length: extraPerField }, () => pick(sometimesTried))];

      for (const parameter of operation.parameters) {
        for (const value of valuesFor()) {
          const label = `${parameter.in} ${parameter.name} = ${describeValue(value)}`;
          if (parameter.in === 'path') await send(operation, sender(), { path: { [parameter.name]: value }, body: baseBody }, label);
          else if (parameter.in === 'query') await send(operation, sender(), { query: { [parameter.name]: value }, body: baseBody }, label);
          else if (isSendableHeader(parameter.name, asText(value))) {
            await send(operation, sender(), { headers: { [parameter.name]: asText(value) }, body: baseBody }, label);
          }
        }
      }
      for (const field of bodyFields(operation.body)) {
        for (const value of valuesFor()) {
          await send(operation, sender(), { body: withValue(baseBody, field, value) }, `body ${field.join('.')} = ${describeValue(value)}`);
        }
      }
      if (operation.method !== 'GET' && operation.method !== 'DELETE') {
        for (const raw of hostileBodies) await send(operation, sender(), { raw }, `body: ${raw.label}`);
      }
      timing.push([`${operation.method} ${operation.path}`, Date.now() - routeStarted]);
    }
    if (process.env.FUZZ_TIMING) console.info(timing.sort((a, b) => b[1] - a[1]).slice(0, 15));
    const seconds = (Date.now() - started) / 1000;
    const counts = [...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.info(`fuzz: ${requests} requests on ${all.length} routes in ${seconds.toFixed(1)} s (FUZZ_SEED=${seed}): ${counts}`);
    expect(failures, `5xx answers (replay with FUZZ_SEED=${seed})`).toEqual([]);
    // The run means something only if the requests got past authorization and the rate limits.
    expect(unreached, 'routes no role reached').toEqual([]);
    // The OpenAPI document lists every 4xx an operation answered (docs/decisions/040-openapi-document.md).
    expect([...undocumented].sort(), '4xx answers the OpenAPI document does not list').toEqual([]);
    expect(requests).toBeGreaterThan(3000);
    expect(statuses.get(429) ?? 0).toBeLessThan(requests / 100);
  });
});
