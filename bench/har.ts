// Bench section: `validate-har` on a ~50 MB HAR. Generates the file in a temporary folder from the
// project's own conforming fixture (test/fixtures/har/conforming.har: single posts, lists of 100
// posts, HEAD, the rest_route form, base64 bodies, static files out of scope), validates it in strict
// mode in a child process and reports wall time and the child's peak RSS (process.resourceUsage),
// next to the same command on an empty HAR (the fixed cost: Node, the spec, Ajv).
// Targets (stated in main.ts): peak RSS <= 300 MB, wall time <= 60 s on the 2-core machine.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { asObject, at, member, objects, type JsonObject } from '../core/json.ts';

const FIXTURE = resolve('test', 'fixtures', 'har', 'conforming.har');
/** The compiled command, as the package's bin runs it. */
const CLI = pathToFileURL(resolve('dist', 'cli', 'validate-har.js')).href;

/** Write a HAR of about `mb` MiB to `file`, streaming (never one string); returns the entry count. */
export function writeBigHar(file: string, mb = 50): number {
  // The project's own fixture: its entries are objects (a request and a response each).
  const src = objects(at(JSON.parse(readFileSync(FIXTURE, 'utf8')), 'log', 'entries'));
  const list = src[1];
  const items = objects(JSON.parse(String(at(list, 'response', 'content', 'text'))));
  const big = structuredClone(list);
  const many = Array.from({ length: 100 }, (_, i) => ({ ...items[i % items.length], id: 1000 + i }));
  const bigResponse: JsonObject = asObject(big.response) ?? {};
  const bigContent: JsonObject = asObject(bigResponse.content) ?? {};
  bigContent.text = JSON.stringify(many);
  bigResponse.headers = objects(bigResponse.headers).map((h) => (h.name === 'X-WP-Total' ? { ...h, value: '100' } : h));
  const bigRequest: JsonObject = asObject(big.request) ?? {};
  bigRequest.url = String(bigRequest.url).replace('per_page=10', 'per_page=100');
  const css: JsonObject = {
    ...structuredClone(src[0]),
    request: { ...asObject(src[0].request), url: 'https://festival.example/wp-content/themes/festival/app.js' },
  };
  const cssResponse: JsonObject = asObject(css.response) ?? {};
  cssResponse.content = { size: 30000, mimeType: 'application/javascript', encoding: 'base64', text: Buffer.alloc(30000, 7).toString('base64') };
  const pool = [...src.filter((e) => at(e, 'response', 'content', 'text') !== undefined || at(e, 'request', 'method') === 'HEAD'), big, big, css];
  const fd = openSync(file, 'w');
  let bytes = 0;
  let n = 0;
  const put = (s: string): void => {
    writeSync(fd, s);
    bytes += Buffer.byteLength(s);
  };
  try {
    put('{"log":{"version":"1.2","creator":{"name":"festival-site-api bench","version":"1"},"pages":[],"entries":[\n');
    while (bytes < mb * 1024 * 1024) {
      const e = pool[n % pool.length];
      put(`${n ? ',\n' : ''}${JSON.stringify({ ...e, comment: `bench entry ${n}` })}`);
      n++;
    }
    put('\n]}}\n');
  } finally {
    closeSync(fd);
  }
  return n;
}

/** Run validate-har in a child; returns { seconds, code, peakRssMB }. */
function measure(args: string[]): { seconds: number; exit: number; peakRssMB: number } {
  const code = `const { main } = await import(${JSON.stringify(CLI)});
const c = await main(${JSON.stringify(args)}, { stdout: { write() {} } });
process.stderr.write('\\nBENCH ' + JSON.stringify({ code: c, maxRSS: process.resourceUsage().maxRSS }) + '\\n');`;
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const seconds = (performance.now() - t0) / 1000;
  const line = /BENCH (\{.*\})/.exec(r.stderr ?? '');
  if (!line) throw new Error(`validate-har did not finish: ${String(r.stderr).slice(-400)}`);
  const figures: unknown = JSON.parse(line[1]);
  const exit = Number(member(figures, 'code'));
  const maxRSS = Number(member(figures, 'maxRSS'));
  return { seconds, exit, peakRssMB: Math.round((maxRSS / 1024) * 10) / 10 };
}

/** The section: generate, validate `runs` times, clean up. */
export async function harBench({ runs = 1, mb = 50 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-har-'));
  try {
    const file = join(dir, 'big.har');
    const entries = writeBigHar(file, mb);
    const sizeMB = Math.round((statSync(file).size / 1024 / 1024) * 10) / 10;
    const empty = measure([resolve('test', 'fixtures', 'har', 'empty.har'), '--strict', '--quiet', '--out', join(dir, 'out-empty')]);
    const rs = Array.from({ length: runs }, () => measure([file, '--strict', '--quiet', '--out', join(dir, 'out')]));
    const report: unknown = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
    const sorted = (k: 'seconds' | 'peakRssMB'): number[] => rs.map((r) => r[k]).sort((a, b) => a - b);
    const med = (xs: number[]): number => xs[Math.floor(xs.length / 2)];
    return {
      sizeMB,
      entries,
      exit: rs[rs.length - 1].exit,
      summary: member(report, 'summary'),
      seconds: { median: med(sorted('seconds')), min: sorted('seconds')[0], max: sorted('seconds')[rs.length - 1], runs },
      peakRssMB: Math.max(...rs.map((r) => r.peakRssMB)),
      emptyHar: empty,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
