import type {
  ContextConfigDefault,
  FastifyBaseLogger,
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
