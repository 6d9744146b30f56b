import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
const ids = readFileSync('/tmp/ids.txt', 'utf8').trim().split('\n');
let i = 0;
const r = await autocannon({ url: 'http://127.0.0.1:3200', connections: 20, duration: 10, requests: [{ setupRequest: (req) => ({ ...req, path: `/api/properties/${ids[i++ % ids.length]}?lang=en` }) }] });
console.log(r.requests.average, 'req/s', r.latency.p50, r.latency.p97_5, 'non2xx', r.non2xx);
