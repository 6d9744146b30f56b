import type { z } from 'zod';
import type { DomainErrorCode } from '../domain-error.ts';

/**
 * One operation of the API as both sides know it (issue 36 item 4, decision 064): its method and
 * path, the zod schemas of what it takes and answers, and the domain errors it may refuse with.
 * The server registers its route from this (server/http/route.ts) and the OpenAPI document follows
 * from the route; the web's client (web/lib/api-client.ts) takes its types from it with
 * `import type`, so no page loads zod for it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `'GET /api/properties/:id'`: the method, one space, and the path in Fastify's form (`:name` parameters). */
export type EndpointKey = `${HttpMethod} /${string}`;

export interface EndpointSpec {
  /** The OpenAPI tags; the group's tag when left out. */
  tags?: string[];
  summary: string;
  description?: string;
  /** The path's parameters (`:id`), as text on the wire. */
  params?: z.ZodType;
  /** The query string, as text on the wire. */
  query?: z.ZodType;
  /** Request headers the operation reads (Idempotency-Key, Stripe-Signature). */
  headers?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** The body is a raw file sent with its own Content-Type (uploads): the web sends it with `api.upload`. */
  file?: true;
  /** Each answer's schema by status: the successes and any error the handler sends itself. No 2xx schema: a file or a redirect. */
  responses?: { [status: number]: z.ZodType };
  /** Content types of an answer that is not JSON (OpenAPI `produces`). */
  produces?: string[];
  /**
   * The use cases' refusals this operation may answer with (core/domain-error.ts). Each code's
   * status (server/http/domain-error-status.ts) is documented among the operation's answers.
   */
  errors?: readonly DomainErrorCode[];
}

export type MethodOf<K extends EndpointKey> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
export type PathOf<K extends EndpointKey> = K extends `${HttpMethod} ${infer P}` ? P : never;

/** An entry of the map: its spec, with the method, path and tags spelled out. */
export type Endpoint<K extends EndpointKey = EndpointKey, S extends EndpointSpec = EndpointSpec> = S & {
  method: MethodOf<K>;
  path: PathOf<K>;
  tags: string[];
};

export type EndpointGroup<S> = { [K in keyof S & EndpointKey]: S[K] extends EndpointSpec ? Endpoint<K, S[K]> : never };

/**
 * A feature's endpoints (core/contracts/endpoints/<feature>.ts), keyed by `'METHOD /path'`; `tag`
 * is each one's OpenAPI tag unless it names its own.
 */
export function defineEndpoints<S extends { [K in EndpointKey]?: EndpointSpec }>(tag: string, specs: S): EndpointGroup<S> {
  const group: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs) as [EndpointKey, EndpointSpec][]) {
    const space = key.indexOf(' ');
    group[key] = {
      ...spec,
      method: key.slice(0, space) as HttpMethod,
      path: key.slice(space + 1) as Endpoint['path'],
      tags: spec.tags ?? [tag],
    };
  }
  // Built from `specs` key by key: the keys and their specs are the ones the type names.
  return group as EndpointGroup<S>;
}
