import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobApplications } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');

describe('job applications', () => {
  let t: TestContext;
  let admin: string;
  let guest: string;
  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'admin@example.com', role: 'admin' });
    await createUser(t.db, { email: 'guest@example.com' });
    admin = await signIn(t.app, 'admin@example.com');
    guest = await signIn(t.app, 'guest@example.com');
  });
  afterAll(() => t.close());

  const fields = { position: 'product-designer', name: 'Maya Cohen', email: 'Maya@Example.com', language: 'he' };
  const apply = (query: Record<string, string>, body: Buffer | string, contentType = 'application/pdf') =>
    t.app.inject({
      method: 'POST',
      url: `/api/careers/applications?${new URLSearchParams(query)}`,
      headers: { ...writeHeaders, 'content-type': contentType },
      payload: body,
    });

  it('stores a PDF CV in private storage and the application in the database', async () => {
    const response = await apply(fields, pdf);
    expect(response.statusCode).toBe(201);
    const [row] = await t.db.select().from(jobApplications);
    expect(row).toMatchObject({
      positionSlug: 'product-designer',
      name: 'Maya Cohen',
      email: 'maya@example.com',
      language: 'he',
      cvBytes: pdf.length,
    });
    expect(row!.cvKey).toMatch(/^private\/job-applications\/.+\.pdf$/);
    expect(await t.storage.exists(row!.cvKey)).toBe(true);
  });

  it('refuses a file that only claims to be a PDF', async () => {
    const response = await apply(fields, Buffer.from('<html>not a pdf</html>'), 'application/pdf');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_cv');
    expect((await apply(fields, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), 'application/pdf')).json().error.code).toBe('invalid_cv');
  });

  it('refuses a CV over 10 MB with 413', async () => {
    const tooBig = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length)]);
    const response = await apply(fields, tooBig);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
  });

  it('refuses missing or bad fields with 400 and a problem per field', async () => {
    const response = await apply({ position: 'astronaut', name: ' ', email: 'x' }, pdf);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(response.json().error.fields).toMatchObject({ name: 'required', email: 'invalid_email' });
    expect(response.json().error.fields).toHaveProperty('position');
    expect((await t.app.inject({ method: 'POST', url: '/api/careers/applications', headers: writeHeaders })).statusCode).toBe(400);
  });

  it('lists applications and serves CVs to admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/job-applications' })).statusCode).toBe(401);
    expect((await injectAs(t.app, guest, { url: '/api/admin/job-applications' })).statusCode).toBe(403);
    const listed = await injectAs(t.app, admin, { url: '/api/admin/job-applications' });
    expect(listed.statusCode).toBe(200);
    const [item] = listed.json().items;
    expect(item).toMatchObject({ name: 'Maya Cohen', positionSlug: 'product-designer' });
    expect(item).not.toHaveProperty('cvKey');
    expect((await injectAs(t.app, guest, { url: item.cvUrl })).statusCode).toBe(403);
    const cv = await injectAs(t.app, admin, { url: item.cvUrl });
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.rawPayload.equals(pdf)).toBe(true);
    expect((await injectAs(t.app, admin, { url: '/api/admin/job-applications/999/cv' })).statusCode).toBe(404);
  });
});
