import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json','utf8'));
const entryKey = Object.keys(manifest).find(k => manifest[k].isEntry);
const closure = (roots) => { const seen = new Set(); const stack=[...roots]; while (stack.length) { const k = stack.pop(); if (seen.has(k)) continue; seen.add(k); for (const i of manifest[k].imports ?? []) stack.push(i); } return seen; };
const base = closure([entryKey]);
const extra = [...closure([entryKey, process.argv[2]])].filter(k => !base.has(k));
const by = new Map(); let total=0;
for (const k of extra) {
  const file = 'dist/web/' + manifest[k].file; const code = readFileSync(file,'utf8'); const gz = gzipSync(code,{level:9}).length; total+=gz;
  console.log('chunk', (gz/1024).toFixed(1), k);
  let map; try { map = new TraceMap(readFileSync(file + '.map','utf8')); } catch { continue; }
  const lines = code.split('\n'); const segs=[]; eachMapping(map, m=>segs.push(m));
  for (let i=0;i<segs.length;i++){ const m=segs[i], n=segs[i+1]; const len = n && n.generatedLine===m.generatedLine ? n.generatedColumn-m.generatedColumn : lines[m.generatedLine-1].length-m.generatedColumn; let s=(m.source??'?').replace(/.*node_modules\//,'nm/').replace(/^(\.\.\/)+/,''); if (s.startsWith('nm/')) { const p=s.split('/'); s=p.slice(0,p[1].startsWith('@')?3:2).join('/'); } by.set(s,(by.get(s)??0)+len/code.length*gz); }
}
console.log('extra gz', (total/1024).toFixed(1));
for (const [s,b] of [...by].sort((a,b)=>b[1]-a[1]).slice(0,30)) console.log((b/1024).toFixed(1).padStart(7), s);
