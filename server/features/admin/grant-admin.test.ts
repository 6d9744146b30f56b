import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents, users } from '../../db/schema.ts';
import { createUser } from '../../seed/factories.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { grantAdminByEmail } from './admin-users-repository.ts';

describe('granting the first admin from the command line', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(() => opened.drop());

  it('promotes a confirmed, active account (any letter case) and records it in the audit trail', async () => {
    const db = opened.database.db;
    const user = await createUser(db, { email: 'owner@lina.example' });
    expect(await grantAdminByEmail(db, ' Owner@Lina.Example ')).toBe('granted');
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('admin');
    const events = await db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(events.map((event) => event.eventType)).toEqual(['ROLE_CHANGED']);
    expect(await grantAdminByEmail(db, 'owner@lina.example')).toBe('already_admin');
  });

  it('refuses unknown, unconfirmed and suspended accounts', async () => {
    const db = opened.database.db;
    await createUser(db, { email: 'unconfirmed@lina.example', emailConfirmedAt: null });
    await createUser(db, { email: 'suspended@lina.example', status: 'suspended' });
    expect(await grantAdminByEmail(db, 'nobody@lina.example')).toBe('not_found');
    expect(await grantAdminByEmail(db, 'unconfirmed@lina.example')).toBe('not_eligible');
    expect(await grantAdminByEmail(db, 'suspended@lina.example')).toBe('not_eligible');
    const admins = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((admin) => admin.email)).not.toContain('unconfirmed@lina.example');
  });
});
