import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../core/contracts/endpoint.ts';
import { endpoints, type Endpoints } from '../../core/contracts/endpoints.ts';

/**
 * Registers a route from its entry in the endpoints map (core/contracts/endpoints.ts, decision
 * 064): method, path and schema come from the entry, so the handler's request and reply are typed
 * by it and the OpenAPI document describes what the web's client is typed with. The handler is
 * registered as it is: the OpenAPI document reads who may call it from its source
 * (http/openapi.ts). server/test/endpoints.test.ts checks that every route comes from the map.
 */

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
export type EndpointName = keyof Endpoints;

type Part<E, Name extends string> = E extends { [K in Name]: infer S } ? S : undefined;

/** The entry as Fastify's schema: what types the handler's request and reply. */
export type RouteSchemaOf<E> = {
  params: Part<E, 'params'>;
  querystring: Part<E, 'query'>;
  headers: Part<E, 'headers'>;
  body: Part<E, 'body'>;
  response: Part<E, 'responses'>;
};

type Handler<E> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its entry on the server: hooks, config (HTTP cache), body limit. */
export type RouteExtras<E> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    RouteSchemaOf<E>,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'schema'
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoints map's key this route was registered from (server/http/route.ts). */
    endpoint?: string;
  }
}

export function route<K extends EndpointName>(app: ZodApp, name: K, handler: Handler<Endpoints[K]>): void;
export function route<K extends EndpointName>(
  app: ZodApp,
  name: K,
  extras: RouteExtras<Endpoints[K]>,
  handler: Handler<Endpoints[K]>,
): void;
export function route<K extends EndpointName>(
  app: ZodApp,
  name: K,
  ...rest: [Handler<Endpoints[K]>] | [RouteExtras<Endpoints[K]>, Handler<Endpoints[K]>]
) {
  const [extras, handler] = rest.length === 1 ? [{}, rest[0]] : rest;
  const entry: Endpoint = endpoints[name];
  app.route({
    ...extras,
    method: entry.method,
    url: entry.path,
    config: { ...extras.config, endpoint: name },
    schema: {
      tags: entry.tags,
      summary: entry.summary,
      ...(entry.description === undefined ? {} : { description: entry.description }),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.headers ? { headers: entry.headers } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.responses ? { response: entry.responses } : {}),
      ...(entry.produces ? { produces: entry.produces } : {}),
    },
    handler,
  } as Parameters<ZodApp['route']>[0]);
}

/**
 * Refuses, as the app starts, a route that is not registered from the endpoints map: every route
 * the OpenAPI document shows is an entry the web's client is typed by. Routes the document hides
 * (the document itself, /metrics, the development mailbox's page, the web app's files) are not the
 * API's. Added before any feature registers its routes (server/app.ts).
 */
export function requireEndpointEntries(app: FastifyInstance) {
  app.addHook('onRoute', (options) => {
    const hidden = (options.schema as { hide?: boolean } | undefined)?.hide === true;
    if (hidden || options.config?.endpoint) return;
    const methods = [options.method].flat().join(',');
    throw new Error(
      `${methods} ${options.url} is not registered from the endpoints map: add its entry to core/contracts/endpoints/<feature>.ts ` +
        'and register it with route() from server/http/route.ts (docs/decisions/064-endpoints-map.md)',
    );
  });
}
