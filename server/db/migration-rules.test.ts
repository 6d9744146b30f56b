import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './database.ts';
import { releaseMigrations } from './migrations.ts';

/**
 * The expand/contract rule (docs/decisions/010-migrations.md): db:migrate runs while the previous
 * release still serves, so a migration may only add. A statement that removes or narrows something
 * passes only in a file that says, on a `-- contract:` line, which earlier release stopped using it.
 */
const contracting: { rule: string; pattern: RegExp }[] = [
  { rule: 'drops something', pattern: /\bDROP\s+(?!NOT\s+NULL\b)(TABLE|COLUMN|INDEX|TYPE|SCHEMA|CONSTRAINT|VIEW|DEFAULT|"?\w)/i },
  { rule: 'renames something', pattern: /\bRENAME\b/i },
  { rule: 'sets NOT NULL on an existing column', pattern: /\bSET\s+NOT\s+NULL\b/i },
  { rule: 'changes a column type', pattern: /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i },
  { rule: 'adds a NOT NULL column without a default', pattern: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i },
];

/** Migrations written before the rule; 0003 and 0009 ran when every server migrated at start. */
const lastBeforeTheRule = '0011_listing_suspension_and_changes';

function breaches(sql: string): string[] {
  if (/^--\s*contract:\s*\S/m.test(sql)) return [];
  const statements = sql
    .split(/-->\s*statement-breakpoint|;/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  return statements.flatMap((statement) =>
    contracting.filter(({ pattern }) => pattern.test(statement)).map(({ rule }) => `${rule}: ${statement.slice(0, 120)}`),
  );
}

describe('migrations follow expand/contract', () => {
  it('the check tells adding from removing', () => {
    expect(breaches('CREATE TABLE "x" ("id" serial PRIMARY KEY);')).toEqual([]);
    expect(breaches('ALTER TABLE "x" ADD COLUMN "note" text;')).toEqual([]);
    expect(breaches('ALTER TABLE "x" ADD COLUMN "n" integer DEFAULT 0 NOT NULL;')).toEqual([]);
    expect(breaches('ALTER TABLE "x" ALTER COLUMN "n" DROP NOT NULL;')).toEqual([]);
    expect(breaches('CREATE INDEX IF NOT EXISTS "x_n_idx" ON "x" ("n");')).toEqual([]);
    expect(breaches('ALTER TABLE "x" DROP COLUMN "note";')).toHaveLength(1);
    expect(breaches('DROP TABLE "x";')).toHaveLength(1);
    expect(breaches('ALTER TABLE "x" RENAME COLUMN "a" TO "b";')).toHaveLength(1);
    expect(breaches('ALTER TABLE "x" ALTER COLUMN "n" SET NOT NULL;')).toHaveLength(1);
    expect(breaches('ALTER TABLE "x" ALTER COLUMN "n" SET DATA TYPE bigint;')).toHaveLength(1);
    expect(breaches('ALTER TABLE "x" ADD COLUMN "n" integer NOT NULL;')).toHaveLength(1);
    expect(breaches('-- contract: release 1.4 stopped reading x.note\nALTER TABLE "x" DROP COLUMN "note";')).toEqual([]);
  });

  it('every migration after the rule only adds, or says why removing is safe', () => {
    const tags = releaseMigrations().map((migration) => migration.tag);
    const ruleStart = tags.indexOf(lastBeforeTheRule) + 1;
    expect(ruleStart).toBeGreaterThan(0);
    const found = tags
      .slice(ruleStart)
      .flatMap((tag) => breaches(readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8')).map((breach) => `${tag}: ${breach}`));
    expect(found).toEqual([]);
  });
});
