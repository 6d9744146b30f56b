import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../project-root.ts';
import { createTestContext, type TestContext } from './test-app.ts';

/**
 * The OpenAPI document is usable by other people's tools (docs/decisions/040-openapi-document.md):
 * the Redocly CLI's recommended rules find nothing, and openapi-typescript, a generator that is not
 * ours, makes types from it that a small typed client compiles against.
 */

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

const run = promisify(execFile);

describe('the OpenAPI document', () => {
  let t: TestContext;
  let dir: string;
  let file: string;
  let document: Document;

  beforeAll(async () => {
    t = await createTestContext();
    dir = mkdtempSync(path.join(os.tmpdir(), 'lina-openapi-'));
    file = path.join(dir, 'openapi.json');
    document = (await t.app.inject('/api/openapi.json')).json();
    writeFileSync(file, JSON.stringify(document));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, url, operation })),
    );

  it('passes the Redocly CLI recommended rules with no error and no warning', { timeout: 60_000 }, async () => {
    // No usage data leaves the machine, and no network is needed (the rules ship with the CLI).
    const cli = path.join(projectRoot, 'node_modules', '.bin', 'redocly');
    const args = ['lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '1000'];
    const result = await run(cli, args, {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 50_000,
    }).catch((error: { stdout: string }) => error);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation with a unique operationId and says whether it needs the session cookie', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = Object.fromEntries(operations().map(({ operation }) => [operation.operationId, operation]));
    expect(byId.getBookingsByIdCancellation).toBeDefined();
    expect(byId.getHealth!.security).toEqual([]);
    expect(byId.getBookings!.security).toEqual([{ linaSession: [] }]);
    expect(byId.getAdminUsers!.responses).toHaveProperty('403');
    expect(byId.postBookings!.responses).toHaveProperty('429');
  });

  it(
    'generates types with openapi-typescript that a typed client compiles against, and a wrong call does not',
    { timeout: 60_000 },
    async () => {
      const types = astToString(await openapiTS(JSON.stringify(document)));
      writeFileSync(path.join(dir, 'api.ts'), types);
      // A minimal typed fetch: the path picks the query, body and answer types.
      const client = `
      import type { paths } from './api.ts';
      type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
      type Get<P extends keyof paths> = paths[P] extends { get: infer O } ? O : never;
      type Post<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;
      type Query<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
      type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
      type Ok<O> = O extends { responses: { 200: infer R } } ? Json<R> : O extends { responses: { 201: infer R } } ? Json<R> : never;
      type Problem<O> = O extends { responses: { 400: infer R } } ? Json<R> : never;
      declare function get<P extends keyof paths>(path: P, query: Query<Get<P>>): Promise<Ok<Get<P>>>;
      declare function post<P extends keyof paths>(path: P, body: Body<Post<P>>): Promise<Ok<Post<P>>>;
      export async function use() {
        const found = await get('/api/search', { page: 2, lang: 'he' });
        const total: number = found.total;
        const session = await get('/api/session', undefined);
        const email: string | undefined = session.user?.email;
        const booking = await post('/api/bookings', { propertyId: 1, checkIn: '2027-01-01', checkOut: '2027-01-03' });
        const status: string = booking.status;
        const problem = {} as Problem<Post<'/api/bookings'>>;
        const code: string = problem.error.code;
        return { total, email, status, code };
      }
    `;
      writeFileSync(path.join(dir, 'client.ts'), client);
      expect(diagnostics(path.join(dir, 'client.ts'))).toEqual([]);

      // The same client with a wrong call must not compile: the types really constrain.
      writeFileSync(
        path.join(dir, 'client.ts'),
        client.replace("checkIn: '2027-01-01', ", '').replace('const total: number', 'const total: string'),
      );
      const wrong = diagnostics(path.join(dir, 'client.ts'));
      expect(wrong.length).toBe(2);
    },
  );
});

function diagnostics(entry: string): string[] {
  const program = ts.createProgram([entry], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
