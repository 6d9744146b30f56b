import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSignups } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { createTestContext, writeHeaders, type TestContext } from '../../test/test-app.ts';

describe('landing sign-ups', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await createUser(t.db, { email: 'ops@example.com', role: 'admin' });
  });
  afterAll(() => t.close());

  const join = (payload: object) => t.app.inject({ method: 'POST', url: '/api/signups', headers: writeHeaders, payload });
  const owner = { firstName: 'Avi', lastName: 'Mizrahi', email: 'avi@example.com', signupType: 'property_owner' };

  it('stores a sign-up and e-mails the operators', async () => {
    expect((await join(owner)).statusCode).toBe(201);
    const rows = await t.db.select().from(userSignups);
    expect(rows).toHaveLength(1);
    const mail = ((await t.app.inject('/api/dev/mailbox')).json() as { to: string; subject: string }[]).at(-1);
    expect(mail).toMatchObject({ to: 'ops@example.com' });
    expect(mail?.subject).toContain('Avi Mizrahi');
  });

  it('answers a second sign-up of the same e-mail and type with Already Registered', async () => {
    const again = await join({ ...owner, email: ' AVI@example.com ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_registered');
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
});
