import { interpretSearch } from '../core/search-interpreter.ts';
const lines = process.argv.slice(2);
for (const line of lines) {
  const t = performance.now();
  const r = interpretSearch(line, { today: '2026-11-27', lang: /[\u0590-\u05ff]/.test(line) ? 'he' : 'en' });
  console.log(line, '\n  ', JSON.stringify(r), (performance.now() - t).toFixed(1) + 'ms');
}
