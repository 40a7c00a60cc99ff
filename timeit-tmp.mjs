import { readFileSync } from 'node:fs';
import { requestMakers } from './scripts/bench/mock.mjs';
const doc = JSON.parse(readFileSync('generated/openapi.json', 'utf8'));
const n = Number(process.argv[2]);
for (const m of requestMakers(doc)) {
  const p = m.make(n);
  const t0 = performance.now();
  const r = await fetch(`http://127.0.0.1:4792${p}`);
  const b = await r.arrayBuffer();
  if (process.argv[3]) console.log((performance.now() - t0).toFixed(0).padStart(6), r.status, b.byteLength, p);
}
