import { readFileSync } from 'node:fs';
import { drive } from './bench-kit.ts';
const ids = readFileSync('/tmp/ids.txt', 'utf8').trim().split('\n');
const paths = ids.map((id) => `/api/properties/${id}?lang=en`);
const r = await drive(3200, paths, { connections: 20, warmupMs: 2000, durationMs: 10000, cacheHeader: 'x-result-cache' } as never);
console.log(JSON.stringify(r).slice(0, 400));
