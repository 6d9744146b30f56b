import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiErrorBodySchema } from '../../core/api-types.ts';
import { endpoints } from '../../core/contracts/endpoints.ts';
import type { DomainErrorCode } from '../../core/domain-error.ts';
import { domainErrorStatus } from './domain-error-status.ts';

/**
 * The OpenAPI document (/api/openapi.json) as other people's tools need it: a cookie security
 * scheme, an operationId per operation and the 4xx answers each operation can give, all derived
 * here from the routes as registered, so a route file needs nothing extra
 * (docs/decisions/040-openapi-document.md). server/test/openapi.test.ts lints the document with
 * the Redocly CLI's recommended rules and generates a typed client from it.
 */

export const sessionSecurityScheme = 'linaSession';

/** Who may call a route, as far as the session cookie goes. */
export type RouteAccess = 'public' | 'browsing' | 'user' | 'role';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** For the OpenAPI document: set by a plugin whose hook checks every route of it (see markAccess). */
    access?: RouteAccess;
  }
}

/**
 * A plugin whose own hook checks the caller (rather than each handler) says so here, for the
 * routes its hook checks; call it before registering them.
 */
export function markAccess(app: FastifyInstance, access: RouteAccess, appliesTo: (url: string) => boolean) {
  app.addHook('onRoute', (route) => {
    if (appliesTo(route.url)) route.config = { ...route.config, access };
  });
}

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads who may call a route from its handler: the checks every handler makes itself
 * (http/request-user.ts, settings/launch-mode.ts). The authorization test's table of callers
 * checks the result for every route (server/test/authorization.test.ts).
 */
export function routeAccess(handlerSource: string): RouteAccess {
  // Names, not calls: test runners and bundlers rewrite a call to an import (`(0, m.requireUser)(…)`)
  // and a bundler may add digits to a name it renames.
  if (/\brequireRole\d*\b/.test(handlerSource)) return 'role';
  if (/\brequireUser\d*\b/.test(handlerSource)) return 'user';
  if (/\bassertBrowsingAllowed\b/.test(handlerSource)) return 'browsing';
  return 'public';
}

const accessOrder: RouteAccess[] = ['public', 'browsing', 'user', 'role'];
const stronger = (a: RouteAccess, b: RouteAccess) => (accessOrder.indexOf(a) > accessOrder.indexOf(b) ? a : b);

/** `GET /api/bookings/{id}/cancellation` → `getBookingsByIdCancellation`: stable, and unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? ['by', ...parameter[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const errorDescriptions: Record<number, string> = {
  400: 'The request does not match its schema, holds a NUL character (validation_failed, a message per field) or breaks a rule',
  401: 'No live session cookie: sign in first (unauthenticated)',
  403: 'Signed in without the role this needs, or a write without the X-Requested-With header our web app sends (forbidden)',
  404: 'No such resource, or not one the caller may see',
  409: "The resource's state does not allow this now (a code per reason)",
  410: 'The link has expired',
  413: 'The body is larger than this route accepts (payload_too_large)',
  414: 'A path parameter is longer than 100 characters',
  415: 'The body is not of a type this route accepts (unsupported_media_type)',
  422: 'The request is well-formed but cannot be carried out',
  429: 'Too many requests: try again later (too_many_requests, with Retry-After)',
  502: 'The card provider failed; nothing was charged twice, try again',
  503: 'Card payments are not configured here',
};

/**
 * The answers an endpoint's domain errors give (its entry's `errors` in the endpoints map, each
 * code's status from http/domain-error-status.ts), the codes named in each one's description.
 */
export function domainErrorResponses(errors: readonly DomainErrorCode[] = []): Record<number, string> {
  const codesByStatus = new Map<number, DomainErrorCode[]>();
  for (const code of errors) {
    const status = domainErrorStatus[code];
    codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...codesByStatus].map(([status, codes]) => [status, `${errorDescriptions[status] ?? 'Refused'}. Codes: ${codes.join(', ')}`]),
  );
}

/** The statuses every route of a kind can answer, whatever its handler does. */
export function errorStatusesOf(route: { method: string; url: string; access: RouteAccess }, handlerSource: string): number[] {
  // Schemas validate every input, and http/nul-byte-guard.ts refuses a NUL in any query, even one
  // a route does not read: every route can answer 400.
  const statuses = new Set<number>([400]);
  if (route.access !== 'public') statuses.add(401);
  if (route.access === 'role') statuses.add(403);
  if (writeMethods.has(route.method)) {
    // http/cross-site-guard.ts refuses a write without our header; Fastify parses any body sent
    // (too large, or of a type nobody parses); and a write meets state that others changed first.
    for (const status of [403, 409, 413, 415]) statuses.add(status);
  }
  // A path parameter names something that may not exist, and is at most 100 characters long (Fastify's maxParamLength).
  if (/\{[^}]+\}/.test(route.url)) {
    statuses.add(404);
    statuses.add(414);
  }
  // Statuses thrown in the handler itself, and the rate limiter's 429.
  for (const match of handlerSource.matchAll(/HttpError\d*\)?\((4\d\d)/g)) statuses.add(Number(match[1]));
  if (/\b(enforceRateLimit|rateLimiter)\b/.test(handlerSource)) statuses.add(429);
  return [...statuses].filter((status) => status in errorDescriptions).sort((a, b) => a - b);
}

/** Wildcards (`*`) become a named parameter: OpenAPI path templates take names only. */
const wildcardParameter = 'path';

/**
 * jsonSchemaTransform (zod → JSON Schema), then the document's own additions for each route.
 * Fastify's schema keeps its zod schemas; only the document changes.
 */
export const openapiTransform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const { schema: original = {}, url, route } = input;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  const method = methods[0] ?? 'GET';
  // The handler and the route's own hooks: either may check the caller or throw.
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat().filter((hook) => typeof hook === 'function');
  const source = [route.handler, ...hooks].map((fn) => fn.toString()).join('\n');
  const access = stronger(route.config?.access ?? 'public', routeAccess(source));
  const documentUrl = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${wildcardParameter}}`);
  const statuses = errorStatusesOf({ method, url: documentUrl, access }, source);
  const response: Record<string, unknown> = { ...(original.response as Record<string, unknown> | undefined) };
  // Routes without a 2xx/3xx schema send a file or a redirect; the error statuses must not hide that.
  const answersWithoutSchema = !Object.keys(response).some((status) => /^[23]/.test(status));
  for (const status of statuses) {
    if (!(status in response)) response[status] = apiErrorBodySchema.describe(errorDescriptions[status]!);
  }
  const name = route.config?.endpoint;
  const entry = name && name in endpoints ? endpoints[name as keyof typeof endpoints] : undefined;
  const refusals = domainErrorResponses(entry && 'errors' in entry ? entry.errors : []);
  for (const [status, description] of Object.entries(refusals)) response[status] = apiErrorBodySchema.describe(description);
  const withErrors = { ...original, response };
  const transformed = jsonSchemaTransform({ ...input, schema: withErrors } as Parameters<typeof jsonSchemaTransform>[0]);
  if (transformed.schema.hide) return transformed;

  const schema = transformed.schema as Record<string, unknown> & { params?: JsonSchemaObject };
  if (documentUrl !== url && schema.params?.properties?.['*']) {
    const { ['*']: wildcard, ...rest } = schema.params.properties;
    schema.params = {
      ...schema.params,
      properties: { ...rest, [wildcardParameter]: { ...wildcard, description: 'The rest of the path, slashes included' } },
      required: (schema.params.required ?? []).map((name) => (name === '*' ? wildcardParameter : name)),
    };
  }
  if (answersWithoutSchema) {
    const responses = schema.response as Record<string, unknown>;
    if (/\.redirect\(/.test(source)) {
      responses['303'] = { description: 'Redirects to a page of the site, which tells how it went' };
      // What a client that follows redirects (a browser) ends with.
      responses['200'] = {
        description: 'That page, for a client that follows the redirect',
        content: { 'text/html': { schema: { type: 'string' } } },
      };
    } else responses['200'] = { description: 'A file', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } };
  }
  schema.operationId = operationIdOf(method, documentUrl);
  schema.security =
    access === 'public' ? [] : access === 'browsing' ? [{}, { [sessionSecurityScheme]: [] }] : [{ [sessionSecurityScheme]: [] }];
  for (const key of ['params', 'querystring', 'body', 'headers', 'response'] as const) {
    if (schema[key]) schema[key] = tidySchema(schema[key]) as JsonSchemaObject;
  }
  return { schema: schema as typeof transformed.schema, url: documentUrl };
};

interface JsonSchemaObject {
  type?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchemaObject[];
  oneOf?: JsonSchemaObject[];
  properties?: Record<string, JsonSchemaObject>;
  additionalProperties?: unknown;
  required?: string[];
  [key: string]: unknown;
}

/**
 * Two things zod's OpenAPI 3.0 output gets wrong for strict readers: `nullable` beside `anyOf`
 * without a `type` (3.0 ignores it there), and a record with enum keys, whose `required` keys
 * have no `properties`. Both are rewritten to the schema they mean.
 */
function tidySchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidySchema);
  if (!value || typeof value !== 'object') return value;
  const schema = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, tidySchema(child)])) as JsonSchemaObject;
  const choice = schema.anyOf ? 'anyOf' : schema.oneOf ? 'oneOf' : undefined;
  if (schema.nullable && schema.type === undefined && choice) {
    delete schema.nullable;
    schema[choice] = [...schema[choice]!, { type: 'string', nullable: true, enum: [null] }];
  }
  const extra = schema.additionalProperties;
  if (schema.required && extra && typeof extra === 'object') {
    const properties = { ...schema.properties };
    for (const name of schema.required) properties[name] ??= extra as JsonSchemaObject;
    schema.properties = properties;
  }
  return schema;
}

/** The document's top level: servers, the session cookie, a license. */
export const openapiDocumentOptions = (sessionCookieName: string): NonNullable<FastifyDynamicSwaggerOptions['openapi']> => ({
  openapi: '3.0.3',
  info: {
    title: 'Lina API',
    version: '1.0.0',
    description: 'Temporary stays in Israel. Writes need the header `X-Requested-With: fetch` (http/cross-site-guard.ts).',
    license: { name: 'Proprietary: the terms of service', url: '/terms' },
  },
  servers: [{ url: '/', description: 'The site that serves this document' }],
  components: {
    securitySchemes: {
      [sessionSecurityScheme]: {
        type: 'apiKey',
        in: 'cookie',
        name: sessionCookieName,
        description: 'The session cookie that POST /api/auth/sign-in sets',
      },
    },
  },
});
