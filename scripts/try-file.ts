import { readFileSync } from 'node:fs';
import { interpretSearch } from '../core/search-interpreter.ts';
const [file, lang] = process.argv.slice(2) as [string, 'en' | 'he'];
for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
  const r = interpretSearch(line, { today: '2026-11-27', lang });
  console.log(line + '\n   ' + JSON.stringify(r.query) + ' ' + JSON.stringify(r.unmatched));
}
