import type { z } from 'zod';
import type { ApiErrorBody, JsonOf } from '../../core/api-types.ts';
import type { HttpMethod } from '../../core/contracts/endpoint.ts';
import type { Endpoints } from '../../core/contracts/endpoints.ts';

/** An API call that did not succeed: `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Where requests go: the browser's fetch, or (server rendering) a per-request implementation that
 * answers through the server itself with the visitor's cookies, so the data code is the same on both sides.
 */
let fetchSource: () => typeof fetch = () => fetch;

/** Server rendering sets this once; it returns the fetch of the request being rendered. */
export function setFetchSource(source: () => typeof fetch) {
  fetchSource = source;
}

/**
 * Waited for before a failed call's ApiError is thrown: the browser loads the error messages'
 * translations then (main.tsx), so the page that shows the error has its words (decision 066). Its
 * own failure (no network) does not hide the error: the shell's group has the messages for that.
 */
let beforeError: () => Promise<unknown> = () => Promise.resolve();

export function setBeforeApiError(hook: () => Promise<unknown>) {
  beforeError = hook;
}

async function failWith(error: ApiError): Promise<never> {
  await beforeError().catch(() => undefined);
  throw error;
}

interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** A file sent as the raw request body with its own content type (uploads). */
  file?: Blob;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** Lets the request outlive the page (analytics' last batch). */
  keepalive?: boolean;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string';
}

function fallbackCode(status: number): string {
  if (status === 404) return 'not_found';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 429) return 'too_many_requests';
  // A proxy's or balancer's own answer while no instance can serve: the same "try again in a moment".
  if (status === 502 || status === 503 || status === 504) return 'temporarily_unavailable';
  return 'unknown';
}

/**
 * Same-origin JSON fetch: sends cookies, marks writes with X-Requested-With, throws ApiError. Not
 * exported: a call goes through `api`, typed by its entry in the endpoints map; `T` is that entry's
 * answer, which the server's schema checked as it wrote it.
 */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET') headers['X-Requested-With'] = 'fetch';
  if (options.file) headers['Content-Type'] = options.file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetchSource()(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.file ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      signal: options.signal ?? null,
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return failWith(new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error'));
  }

  if (response.status === 204) return undefined as T;

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    if (isErrorBody(data)) {
      return failWith(new ApiError(response.status, data.error.code, data.error.message, data.error.fields));
    }
    return failWith(new ApiError(response.status, fallbackCode(response.status), response.statusText || 'Request failed'));
  }
  return data as T;
}

/*
 * The typed surface (decision 064): a call names an entry of the endpoints map by its method and
 * path template (`api.get('/api/properties/:id', { params: { id } })`) and its parameters, query,
 * body and answer are typed by that entry's schemas. Only types come from the map (`import type`),
 * so no page loads zod for it; at run time the template is filled in and the query written out.
 */

type Key = keyof Endpoints;
/** The path templates the map has for a method. */
export type PathOf<M extends HttpMethod, K = Key> = K extends `${M} ${infer P}` ? P : never;
type EntryOf<M extends HttpMethod, P extends string> = Endpoints[`${M} ${P}` & Key];

type Part<E, Name extends string> = E extends { [K in Name]: infer S extends z.ZodType } ? S : undefined;
/**
 * Path parameters and query values travel as text: a field the server coerces (its input is
 * `unknown`) is written as the value it is parsed to.
 */
type Wire<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? z.output<S>[K & keyof z.output<S>] : z.input<S>[K];
};
/** One part of a call: required when it has a required field, absent when the entry has no such part. */
type Field<Name extends string, S, Value, Also = never> = S extends z.ZodType
  ? Partial<Value> extends Value
    ? { [K in Name]?: Value | Also }
    : { [K in Name]: Value | Also }
  : { [K in Name]?: never };

export type CallOptions<E> = Field<'params', Part<E, 'params'>, Part<E, 'params'> extends z.ZodType ? Wire<Part<E, 'params'>> : never> &
  // A query already written out (the search's canonical query string) is sent as it is.
  Field<'query', Part<E, 'query'>, Part<E, 'query'> extends z.ZodType ? Wire<Part<E, 'query'>> : never, URLSearchParams> &
  Field<'body', Part<E, 'body'>, Part<E, 'body'> extends z.ZodType ? z.input<Part<E, 'body'>> : never> & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    keepalive?: boolean;
  };
/** The options argument: optional when nothing in it is required. */
type CallArgs<E> = Partial<CallOptions<E>> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type SuccessStatus = 200 | 201 | 202;
type Responses<E> = E extends { responses: infer R } ? R : never;
/** What a successful call resolves to: the JSON of any 2xx answer, undefined for a 204. */
export type AnswerOf<E> =
  | {
      [S in keyof Responses<E>]: S extends SuccessStatus
        ? Responses<E>[S] extends z.ZodType
          ? JsonOf<z.output<Responses<E>[S]>>
          : never
        : never;
    }[keyof Responses<E>]
  | (204 extends keyof Responses<E> ? undefined : never);

/**
 * `/api/properties/:id` with `{ id: 7 }` → `/api/properties/7`, each value URI-encoded (the types
 * ask for every parameter; the map's one wildcard path, public media, is never called from here).
 */
export const fillPath = (template: string, params: Record<string, unknown> = {}) =>
  template.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));

/** The query as text, fields that are undefined left out; a list is one comma-separated value. */
export function queryString(query: Record<string, unknown> | URLSearchParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of query instanceof URLSearchParams ? query : Object.entries(query)) {
    if (value !== undefined) search.append(name, String(value));
  }
  return search.size ? `?${search}` : '';
}

/** One call of an entry: the path filled in, the query written out; `T` is the entry's answer (AnswerOf). */
function call<T>(method: HttpMethod, template: string, options: object = {}, file?: Blob): Promise<T> {
  const { params, query, body, ...rest } = options as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown> | URLSearchParams;
    body?: unknown;
  } & Pick<RequestOptions, 'signal' | 'headers' | 'keepalive'>;
  const url = fillPath(template, params) + queryString(query);
  // Writes always send a JSON body ({} when the entry has none), as the server's parsers expect.
  const sent = file ? { file } : method === 'GET' || method === 'DELETE' ? {} : { body: body ?? {} };
  return apiRequest<T>(url, { method, ...rest, ...sent });
}

type Args<M extends HttpMethod, P extends string> = CallArgs<EntryOf<M, P>>;
type Answer<M extends HttpMethod, P extends string> = AnswerOf<EntryOf<M, P>>;
type Uploads<K = Key> = K extends `POST ${infer P}` ? (Endpoints[K & Key] extends { file: true } ? P : never) : never;

export const api = {
  get: <P extends PathOf<'GET'>>(path: P, ...args: Args<'GET', P>) => call<Answer<'GET', P>>('GET', path, args[0]),
  post: <P extends PathOf<'POST'>>(path: P, ...args: Args<'POST', P>) => call<Answer<'POST', P>>('POST', path, args[0]),
  put: <P extends PathOf<'PUT'>>(path: P, ...args: Args<'PUT', P>) => call<Answer<'PUT', P>>('PUT', path, args[0]),
  patch: <P extends PathOf<'PATCH'>>(path: P, ...args: Args<'PATCH', P>) => call<Answer<'PATCH', P>>('PATCH', path, args[0]),
  delete: <P extends PathOf<'DELETE'>>(path: P, ...args: Args<'DELETE', P>) => call<Answer<'DELETE', P>>('DELETE', path, args[0]),
  /** POSTs a file as the raw body (`Content-Type: file.type`) to an entry that takes one. */
  upload: <P extends Uploads>(path: P, file: Blob, ...args: Args<'POST', P>) => call<Answer<'POST', P>>('POST', path, args[0], file),
};
