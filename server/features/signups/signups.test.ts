import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSignups } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { clearOfWindowEdge, createTestContext, injectAs, signIn, writeHeaders, type TestContext } from '../../test/test-app.ts';

describe('landing sign-ups', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'ops@example.com', role: 'admin' });
  });
  afterAll(() => t.close());

  let address = 0;
  // Each call comes from its own address unless told, so the per-address limit only shows where tested.
  const join = (payload: object, remoteAddress = `10.9.0.${++address}`) =>
    t.app.inject({ method: 'POST', url: '/api/signups', headers: writeHeaders, payload, remoteAddress });
  const owner = { firstName: 'Avi', lastName: 'Mizrahi', email: 'avi@example.com', signupType: 'property_owner' };

  it('stores a sign-up and e-mails the operators', async () => {
    expect((await join(owner)).statusCode).toBe(201);
    const rows = await t.db.select().from(userSignups);
    expect(rows).toHaveLength(1);
    const mail = ((await t.app.inject('/api/dev/mailbox')).json() as { to: string; subject: string }[]).at(-1);
    expect(mail).toMatchObject({ to: 'ops@example.com' });
    expect(mail?.subject).toContain('Avi Mizrahi');
  });

  it('answers a second sign-up of the same e-mail and type as the first, without telling the list apart or mailing again', async () => {
    const first = await join({ ...owner, email: 'once@example.com' });
    const mailsBefore = ((await t.app.inject('/api/dev/mailbox')).json() as unknown[]).length;
    const again = await join({ ...owner, email: ' ONCE@example.com ' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(((await t.app.inject('/api/dev/mailbox')).json() as unknown[]).length).toBe(mailsBefore);
    expect(await t.db.select().from(userSignups).where(eq(userSignups.email, 'once@example.com'))).toHaveLength(1);
    // The other card is a different list.
    expect((await join({ ...owner, signupType: 'discount_seeker' })).statusCode).toBe(201);
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: ' ' }, 'lastName', 'Last name is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'avi@' }, 'email', 'Please enter a valid email address'],
    [{ signupType: 'investor' }, 'signupType', undefined],
  ])('refuses %o', async (change, field, message) => {
    const response = await join({ ...owner, email: 'new@example.com', ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toContain(field);
    if (message) expect(response.json().error.fields[field]).toBe(message);
  });

  it('lists the sign-ups, newest first, to admins only', async () => {
    const url = '/api/admin/signups';
    expect((await t.app.inject(url)).statusCode).toBe(401);
    await createUser(t.db, { email: 'guest-list@example.com' });
    expect((await injectAs(t.app, await signIn(t.app, 'guest-list@example.com'), { method: 'GET', url })).statusCode).toBe(403);
    const response = await injectAs(t.app, await signIn(t.app, 'ops@example.com'), { method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { email: string; signupType: string }[];
    expect(items.map((i) => `${i.email} ${i.signupType}`)).toEqual([
      'avi@example.com discount_seeker',
      'once@example.com property_owner',
      'avi@example.com property_owner',
    ]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('limits sign-ups per client address, like the contact form', async () => {
    await clearOfWindowEdge(60 * 60 * 1000);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await join({ ...owner, email: `flood-${i}@example.com` }, '10.8.0.1')).statusCode);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const blocked = await join({ ...owner, email: 'flood-last@example.com' }, '10.8.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_requests');
    expect(blocked.headers['retry-after']).toBeDefined();
    // Someone else is not affected.
    expect((await join({ ...owner, email: 'neighbour@example.com' }, '10.8.0.2')).statusCode).toBe(201);
  });
});
