import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TraceMap, originalPositionFor, eachMapping } from '@jridgewell/trace-mapping';
const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json','utf8'));
const entryKey = Object.keys(manifest).find(k => manifest[k].isEntry);
const route = process.argv[2];
const roots = [entryKey, ...(route ? [route] : [])];
const seen = new Set(); const stack=[...roots];
while (stack.length) { const k = stack.pop(); if (seen.has(k)) continue; seen.add(k); for (const i of manifest[k].imports ?? []) stack.push(i); }
const bySource = new Map();
let total = 0;
for (const k of seen) {
  const file = 'dist/web/' + manifest[k].file;
  const code = readFileSync(file, 'utf8');
  const gz = gzipSync(code, {level: 9}).length; total += gz;
  let map; try { map = new TraceMap(readFileSync(file + '.map', 'utf8')); } catch { bySource.set(file, gz); continue; }
  const lines = code.split('\n');
  const segs = [];
  eachMapping(map, m => segs.push(m));
  // attribute chars between consecutive mappings to source
  const perSrc = new Map();
  for (let i = 0; i < segs.length; i++) {
    const m = segs[i], n = segs[i+1];
    let len;
    if (n && n.generatedLine === m.generatedLine) len = n.generatedColumn - m.generatedColumn;
    else len = lines[m.generatedLine-1].length - m.generatedColumn;
    const src = (m.source ?? '?').replace(/.*node_modules\//, 'nm/');
    perSrc.set(src, (perSrc.get(src) ?? 0) + len);
  }
  const raw = code.length;
  for (const [s, l] of perSrc) {
    const key = s.startsWith('nm/') ? s.split('/').slice(0, s.split('/')[1].startsWith('@') ? 3 : 2).join('/') : s;
    bySource.set(key, (bySource.get(key) ?? 0) + l / raw * gz);
  }
}
console.log('total gz', (total/1024).toFixed(1), 'files', seen.size);
for (const [s, b] of [...bySource].sort((a,b)=>b[1]-a[1]).slice(0, 45)) console.log((b/1024).toFixed(1).padStart(7), s);
