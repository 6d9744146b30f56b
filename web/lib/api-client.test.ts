// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { api, fillPath, queryString, setFetchSource, type ApiError } from './api-client.ts';

const answering = (response: () => Response) => setFetchSource(() => async () => response());

describe('the client’s answers', () => {
  afterEach(() => setFetchSource(() => fetch));

  it("keeps the server's error code: temporarily_unavailable while the database cannot be reached", async () => {
    const body = { error: { code: 'temporarily_unavailable', message: "We're having trouble, try again in a moment." } };
    answering(() => Response.json(body, { status: 503, headers: { 'Retry-After': '5' } }));
    await expect(api.get('/api/settings/public')).rejects.toMatchObject({
      status: 503,
      code: 'temporarily_unavailable',
    } satisfies Partial<ApiError>);
  });

  it('reads a proxy\'s own 502, 503 or 504 page (no JSON error) as "try again in a moment"', async () => {
    for (const status of [502, 503, 504]) {
      answering(() => new Response('<html>Service Unavailable</html>', { status, headers: { 'Content-Type': 'text/html' } }));
      await expect(api.get('/api/search')).rejects.toMatchObject({ status, code: 'temporarily_unavailable' });
    }
    answering(() => new Response('<html>oops</html>', { status: 500 }));
    await expect(api.get('/api/search')).rejects.toMatchObject({ status: 500, code: 'unknown' });
  });
});

describe('the typed client (the endpoints map, decision 064)', () => {
  afterEach(() => setFetchSource(() => fetch));

  /** Answers every request with `body` and keeps what was asked. */
  function recording(body: unknown = {}) {
    const requests: { url: string; init: RequestInit | undefined }[] = [];
    setFetchSource(() => async (input, init) => {
      requests.push({ url: String(input), init });
      return Response.json(body);
    });
    return requests;
  }

  it('fills the path template, writes the query and sends a write with its body and header', async () => {
    const requests = recording({ saved: true });
    await api.get('/api/properties/:id', { params: { id: 7 }, query: { lang: 'he' } });
    await api.put('/api/saved/:id', { params: { id: 7 } });
    await api.post('/api/bookings/:id/:action', { params: { id: 'a b/c', action: 'accept' } });
    await api.get('/api/admin/users', { query: { q: 'dana', role: undefined, status: 'active' } });
    expect(requests.map((request) => [request.init?.method, request.url])).toEqual([
      ['GET', '/api/properties/7?lang=he'],
      ['PUT', '/api/saved/7'],
      ['POST', '/api/bookings/a%20b%2Fc/accept'],
      ['GET', '/api/admin/users?q=dana&status=active'],
    ]);
    // A write without a body sends {} (the server's JSON parser wants one) and the header the cross-site guard asks for.
    expect(requests[1]!.init?.body).toBe('{}');
    expect(new Headers(requests[1]!.init?.headers).get('X-Requested-With')).toBe('fetch');
    expect(requests[0]!.init?.body).toBeNull();
  });

  it('sends a file as the raw body with its type, and the query beside it', async () => {
    const requests = recording({ id: 1 });
    const cv = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    await api.upload('/api/careers/applications', cv, {
      query: { position: 'product-designer', name: 'Dana', email: 'dana@example.com', language: 'en' },
    });
    expect(requests[0]!.url).toBe('/api/careers/applications?position=product-designer&name=Dana&email=dana%40example.com&language=en');
    expect(requests[0]!.init?.body).toBe(cv);
    expect(new Headers(requests[0]!.init?.headers).get('Content-Type')).toBe('application/pdf');
  });

  it('writes path parameters and queries as text', () => {
    expect(fillPath('/api/host/listings/:id/photos/:photoId', { id: 7, photoId: 'a/b' })).toBe('/api/host/listings/7/photos/a%2Fb');
    expect(queryString(new URLSearchParams('type=hotels&page=2'))).toBe('?type=hotels&page=2');
    expect(queryString({ stars: [4, 5], lang: undefined })).toBe('?stars=4%2C5');
    expect(queryString({})).toBe('');
  });

  it('types each call by its entry: the answer, and no call the map does not have', async () => {
    recording({ saved: true });
    const state = await api.put('/api/saved/:id', { params: { id: 7 } });
    const saved: boolean = state.saved;
    expect(saved).toBe(true);
    const checks = () => {
      // @ts-expect-error: the map has no such path.
      void api.get('/api/nothing-here');
      // @ts-expect-error: the path's parameter is required.
      void api.get('/api/properties/:id');
      // @ts-expect-error: the parameter is a listing's number.
      void api.get('/api/properties/:id', { params: { id: true } });
      // @ts-expect-error: a GET entry is not a POST one.
      void api.post('/api/properties/:id', { params: { id: 1 } });
      // @ts-expect-error: the body is the entry's, with its required fields.
      void api.post('/api/bookings', { body: { propertyId: 1 } });
      // @ts-expect-error: only an entry that takes a file is uploaded to.
      void api.upload('/api/bookings', new Blob());
      return async () => {
        const listing = await api.get('/api/properties/:id', { params: { id: 1 } });
        // @ts-expect-error: the answer is the listing's, which has no such field.
        return listing.notAField;
      };
    };
    expect(checks).toBeTypeOf('function');
  });
});
