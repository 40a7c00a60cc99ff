// Bench section: how the contract CLI and validate-har grow on a list answer whose items all fail
// validation (issue 23, point 3). Lists of 5,000, 10,000 and 20,000 invalid posts (top-level list)
// and calendar events (`{events: [...]}`) are validated with the CLI's own validators (`contract`:
// createValidator, every error; `validate-har`: createPointerValidator), in this process, after one
// warm-up compile. Reports the milliseconds per size and the growth exponent between the smallest and
// the largest size (1 = linear, 2 = quadratic; before the fix 8,000 posts took 84 s: exponent ~2.3).
// Targets (stated in scripts/bench.mjs): 20,000 items <= 5 s each, exponent <= 1.3.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const SIZES = [5000, 10000, 20000];

export async function growthBench({ runs = 3 } = {}) {
  const { createValidator, createPointerValidator } = await import(pathToFileURL(resolve('cli', 'lib', 'validate.mjs')).href);
  const doc = JSON.parse(readFileSync(resolve('generated', 'openapi.json'), 'utf8'));
  const schemaOf = (path) => doc.paths[path].get.responses['200'].content['application/json'].schema;
  const shapes = {
    posts: { schema: schemaOf('/core/v2/posts'), body: (n) => Array.from({ length: n }, (_, i) => ({ id: `x${i}`, title: 5 })) },
    events: { schema: schemaOf('/cal/events/v1/events'), body: (n) => ({ events: Array.from({ length: n }, (_, i) => ({ id: `x${i}` })), total: n }) },
  };
  const validators = { contract: createValidator(doc), 'validate-har': createPointerValidator(doc) };
  const out = {};
  for (const [tool, v] of Object.entries(validators)) {
    for (const [shape, s] of Object.entries(shapes)) {
      v.check(s.schema, s.body(SIZES[0])); // compile and warm up once
      const ms = {};
      for (const n of SIZES) {
        const body = s.body(n);
        const times = [];
        let errors = 0;
        for (let r = 0; r < runs; r++) {
          const t0 = performance.now();
          errors = v.check(s.schema, body).length;
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        ms[n] = { median: Math.round(times[Math.floor(times.length / 2)]), errorsListed: errors };
      }
      const a = SIZES[0];
      const b = SIZES.at(-1);
      const exponent = Math.log(Math.max(1, ms[b].median) / Math.max(1, ms[a].median)) / Math.log(b / a);
      out[`${tool} ${shape}`] = { ms, exponent: Math.round(exponent * 100) / 100 };
    }
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(await growthBench(), null, 1));
