// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { apiRequest, setFetchSource, type ApiError } from './api-client.ts';

const answering = (response: () => Response) => setFetchSource(() => async () => response());

describe('apiRequest', () => {
  afterEach(() => setFetchSource(() => fetch));

  it("keeps the server's error code: temporarily_unavailable while the database cannot be reached", async () => {
    const body = { error: { code: 'temporarily_unavailable', message: "We're having trouble, try again in a moment." } };
    answering(() => Response.json(body, { status: 503, headers: { 'Retry-After': '5' } }));
    await expect(apiRequest('/api/contact')).rejects.toMatchObject({
      status: 503,
      code: 'temporarily_unavailable',
    } satisfies Partial<ApiError>);
  });

  it('reads a proxy\'s own 502, 503 or 504 page (no JSON error) as "try again in a moment"', async () => {
    for (const status of [502, 503, 504]) {
      answering(() => new Response('<html>Service Unavailable</html>', { status, headers: { 'Content-Type': 'text/html' } }));
      await expect(apiRequest('/api/search')).rejects.toMatchObject({ status, code: 'temporarily_unavailable' });
    }
    answering(() => new Response('<html>oops</html>', { status: 500 }));
    await expect(apiRequest('/api/search')).rejects.toMatchObject({ status: 500, code: 'unknown' });
  });
});
