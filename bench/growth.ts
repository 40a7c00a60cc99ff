// Bench section: how the contract CLI and validate-har grow on a list answer whose items all fail
// validation (issue 23, point 3). Lists of 5,000, 10,000 and 20,000 invalid posts (top-level list)
// and calendar events (`{events: [...]}`) are validated with the one validator the CLI uses
// (core/validate.ts: `contract` as it checks answers, `validate-har` in its strict mode), in this
// process, after one warm-up compile. Reports the milliseconds per size and the growth exponent between the smallest and
// the largest size (1 = linear, 2 = quadratic; before the fix 8,000 posts took 84 s: exponent ~2.3).
// Targets (stated in main.ts): 20,000 items <= 5 s each, exponent <= 1.3.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMain } from '../core/args.ts';
import { deref, type OpenApiDoc, type Schema } from '../core/spec.ts';
import { createValidator, type CheckOptions } from '../core/validate.ts';

const SIZES = [5000, 10000, 20000];

/** Per tool and shape: the median milliseconds per size and the growth exponent. */
export type Growth = Record<string, { ms: Record<number, { median: number; errorsListed: number }>; exponent: number }>;

export async function growthBench({ runs = 3 } = {}): Promise<Growth> {
  // The build's own bundle, taken as the core's parseBundle takes one.
  const doc = JSON.parse(readFileSync(resolve('generated', 'openapi.json'), 'utf8')) as OpenApiDoc;
  const schemaOf = (path: string): Schema | undefined => deref(doc.paths[path]?.get?.responses?.['200'], doc)?.content?.['application/json']?.schema;
  const shapes = {
    posts: { schema: schemaOf('/core/v2/posts'), body: (n: number): unknown => Array.from({ length: n }, (_, i) => ({ id: `x${i}`, title: 5 })) },
    events: {
      schema: schemaOf('/cal/events/v1/events'),
      body: (n: number): unknown => ({ events: Array.from({ length: n }, (_, i) => ({ id: `x${i}` })), total: n }),
    },
  };
  const validator = createValidator(doc);
  const modes: Record<string, CheckOptions> = { contract: {}, 'validate-har': { strict: true } };
  const out: Growth = {};
  for (const [tool, mode] of Object.entries(modes)) {
    for (const [shape, s] of Object.entries(shapes)) {
      validator.check(s.schema, s.body(SIZES[0]), mode); // compile and warm up once
      const ms: Growth[string]['ms'] = {};
      for (const n of SIZES) {
        const body = s.body(n);
        const times: number[] = [];
        let errors = 0;
        for (let r = 0; r < runs; r++) {
          const t0 = performance.now();
          errors = validator.check(s.schema, body, mode).length;
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        ms[n] = { median: Math.round(times[Math.floor(times.length / 2)]), errorsListed: errors };
      }
      const a = SIZES[0];
      const b = SIZES[SIZES.length - 1];
      const exponent = Math.log(Math.max(1, ms[b].median) / Math.max(1, ms[a].median)) / Math.log(b / a);
      out[`${tool} ${shape}`] = { ms, exponent: Math.round(exponent * 100) / 100 };
    }
  }
  return out;
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await growthBench(), null, 1));
