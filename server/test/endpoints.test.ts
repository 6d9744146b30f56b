import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../core/contracts/endpoints.ts';
import type { Endpoint } from '../../core/contracts/endpoint.ts';
import { domainErrorStatus } from '../http/domain-error-status.ts';
import { requireEndpointEntries, route } from '../http/route.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * The endpoints map (core/contracts/endpoints.ts, decision 064) is the API: every entry is a route
 * the app serves, every operation the OpenAPI document shows is an entry, and a route registered
 * without one stops the app from starting.
 */

type Operation = { responses: Record<string, { description?: string }> };
type Document = { paths: Record<string, Record<string, Operation>> };

const entries = Object.entries(endpoints) as [string, Endpoint][];
/** `/api/ical/:file` → `/api/ical/{file}`; a trailing wildcard is the document's `{path}`. */
const documentPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

describe('the endpoints map', () => {
  let t: TestContext;
  let document: Document;

  beforeAll(async () => {
    t = await createTestContext();
    document = (await t.app.inject('/api/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('keys each entry by its own method and path, with a schema for each path parameter', () => {
    expect(entries.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const [key, entry] of entries) {
      if (key !== `${entry.method} ${entry.path}`) wrong.push(`${key}: ${entry.method} ${entry.path}`);
      // A trailing wildcard is Fastify's parameter `*`.
      const names = [...entry.path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((match) => match[1] ?? '*');
      const shape = entry.params instanceof z.ZodObject ? Object.keys(entry.params.shape) : [];
      if (names.some((name) => !shape.includes(name)) || shape.some((name) => !names.includes(name))) {
        wrong.push(`${key}: path parameters ${names.join(',')} but schema ${shape.join(',')}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is what the app serves: every entry is a route, and every operation of the document is an entry', () => {
    const unregistered = entries.filter(([, entry]) => !t.app.hasRoute({ method: entry.method, url: entry.path })).map(([key]) => key);
    expect(unregistered).toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(entries.map(([, entry]) => `${entry.method} ${documentPath(entry.path)}`).sort());
  });

  it("documents each entry's domain errors under their status, naming the codes", () => {
    const missing: string[] = [];
    for (const [key, entry] of entries) {
      const operation = document.paths[documentPath(entry.path)]![entry.method.toLowerCase()]!;
      for (const code of entry.errors ?? []) {
        const answer = operation.responses[String(domainErrorStatus[code])];
        if (!answer?.description?.includes(code)) missing.push(`${key}: ${code} (${domainErrorStatus[code]})`);
      }
    }
    expect(missing).toEqual([]);
    expect(document.paths['/api/bookings']!.post!.responses['409']!.description).toMatch(/dates_unavailable/);
  });

  it('refuses to start with a route registered without an entry, and takes one registered from its entry', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    requireEndpointEntries(app);
    route(app, 'GET /api/health', async () => ({
      status: 'ok' as const,
      database: { status: 'ok' as const, driver: 'pglite' as const, latencyMs: 1 },
    }));
    expect(() => app.get('/api/not-in-the-map', async () => ({}))).toThrow(/not registered from the endpoints map/);
    // The document and the web app's files are not the API's: hidden, they need no entry.
    expect(() => app.get('/api/openapi.json', { schema: { hide: true } }, async () => ({}))).not.toThrow();
    await app.ready();
    expect((await app.inject('/api/health')).json()).toMatchObject({ status: 'ok' });
    await app.close();
  });
});
