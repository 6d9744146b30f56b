import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { detailStatement } from '../server/features/listings/listings-repository.ts';
const handle: any = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/lina_bench_v2_100k' });
const statement: any = detailStatement(handle.db ?? handle, 'en');
const text = statement.rawQueryConfig?.text ?? statement.queryConfig?.text;
const client = new pg.Client('postgres://postgres@127.0.0.1:5432/lina_bench_v2_100k');
await client.connect();
await client.query('set jit=off');
const ids = process.argv.slice(2);
console.log(JSON.stringify(statement.params));
const params = (id: number) => { const p = statement.params ?? []; return p.map((x: any) => (x?.name === 'id' ? id : x?.name === 'today' ? '2026-11-26' : x)); };
for (const id of ids) {
  const r = await client.query(`explain (analyze, buffers, costs off) ${text}`, params(Number(id)));
  console.log(r.rows.map((row: any) => row['QUERY PLAN']).filter((l: string) => /Buffers|Execution|Planning|Scan|Loop/.test(l)).join('\n'));
}
console.log(text.match(/\$\d+/g));
await client.end(); process.exit(0);
