import type { ApiErrorBody } from '../../core/api-types.ts';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  /** A file sent as the raw request body with its own content type (uploads). */
  file?: Blob;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
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

/** Same-origin JSON fetch: sends cookies, marks writes with X-Requested-With, throws ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
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

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  /** POSTs a file as the raw body (`Content-Type: file.type`). */
  upload: <T>(path: string, file: Blob) => apiRequest<T>(path, { method: 'POST', file }),
};
