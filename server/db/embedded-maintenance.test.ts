import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { vacuumEmbedded } from './embedded-maintenance.ts';

describe('embedded database maintenance', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => drop());

  const plannerRows = async () => {
    const result = (await database.db.execute(sql`select reltuples::int as rows from pg_class where relname = 'places'`)) as unknown as {
      rows: { rows: number }[];
    };
    return result.rows[0]!.rows;
  };

  it('brings the planner statistics up to date on PGlite, and leaves PostgreSQL to autovacuum', async () => {
    await database.db.execute(
      sql`insert into places (kind, slug, name_en, name_he, latitude, longitude) values ('city', 'maintenance-test', 'Maintenance', 'תחזוקה', 32, 35)`,
    );
    const counted = (await database.db.execute(sql`select count(*)::int as rows from places`)) as unknown as { rows: { rows: number }[] };
    const rows = counted.rows[0]!.rows;
    const before = await plannerRows();
    const ran = await vacuumEmbedded(database);
    expect(ran).toBe(database.driver === 'pglite');
    if (!ran) return;
    // Nothing had told the planner about the new row (no autovacuum); now it knows every row.
    expect(before).not.toBe(rows);
    expect(await plannerRows()).toBe(rows);
  });
});
