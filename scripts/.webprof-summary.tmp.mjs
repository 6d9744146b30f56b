import { readFileSync, existsSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const p = JSON.parse(readFileSync('/tmp/web.cpuprofile', 'utf8'));
const maps = new Map();
const mapOf = (url) => { const f = 'dist/web/assets/' + url.split('/').pop(); if (!maps.has(f)) maps.set(f, existsSync(f + '.map') ? new TraceMap(readFileSync(f + '.map', 'utf8')) : null); return maps.get(f); };
const nodes = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(); let total = 0;
for (let i = 0; i < p.samples.length; i++) { const t = p.timeDeltas[i] ?? 0; self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + t); total += t; }
const label = (n) => { const cf = n.callFrame; if (!cf.url.includes('/assets/')) return `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}`; const m = mapOf(cf.url); if (!m) return `${cf.functionName} ${cf.url.split('/').pop()}`; const o = originalPositionFor(m, { line: cf.lineNumber + 1, column: cf.columnNumber }); return `${o.name || cf.functionName || '(anon)'} ${(o.source || '').replace(/.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '')}:${o.line}`; };
const bySelf = new Map(); const byFileIncl = new Map(); const byFnIncl = new Map();
for (const [id, t] of self) {
  const n = nodes.get(id); const l = label(n); bySelf.set(l, (bySelf.get(l) ?? 0) + t);
  const seenF = new Set(), seenFn = new Set(); let cur = id;
  while (cur !== undefined) { const ln = label(nodes.get(cur)); const file = ln.split(' ')[1]?.split(':')[0] ?? '?'; if (!seenF.has(file)) { seenF.add(file); byFileIncl.set(file, (byFileIncl.get(file) ?? 0) + t); } if (!seenFn.has(ln)) { seenFn.add(ln); byFnIncl.set(ln, (byFnIncl.get(ln) ?? 0) + t); } cur = parent.get(cur); }
}
console.log('total', (total / 1000).toFixed(0), 'ms');
console.log('--- self'); for (const [k, t] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((t / 1000).toFixed(0).padStart(6), k);
console.log('--- inclusive by app function'); for (const [k, t] of [...byFnIncl].filter(([k]) => /web\/|core\//.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((t / 1000).toFixed(0).padStart(6), k);
