// The seeded fuzzer over the classes of issue 23 (second adversary round) and issue 31 (third): a fixed
// number of cases per class (16,600 in all) from one PRNG seed, each checked against a property or a small reference model
// written here. Time is bounded only as a safety net: a class that runs out of time fails (its count
// is asserted), it never passes with fewer cases.
//   secrets in pieces (2), terminal and report injection (4), work that grows (3), prototype keys (7),
//   arrays where a scalar is expected (8), JSON deeper than PHP reads (9), records the run did not
//   create (1), and the closing line's counts. Issue 31: lists read item by item without parsing them
//   whole (1), the redactor's case folding (2), ids the run cannot use (3), dot segments as path values (8).
import { describe, expect, it } from 'vitest';
import { proveOwn } from '../../cli/lib/exercise.ts';
import { createRedactor, forTerminal } from '../../core/redact.ts';
import { scanJson } from '../../core/json-text.ts';
import { isDotSegment } from '../../core/base-url.ts';
import { usableId } from '../../cli/lib/phases/cleanup.ts';
import { dotSegmentParam } from '../../src/client.ts';
import { html, junitXml } from '../../cli/lib/report.ts';
import { createValidator } from '../../core/validate.ts';
import { jsonErrorCode } from '../../mock/errors.ts';
import { applyFields } from '../../mock/globals.ts';
import { phpPairs } from '../../core/php-query.ts';
import { checkBracketScalars } from '../../mock/lists.ts';
import { matchRoute, routeTable } from '../../core/match.ts';
import { countVitest } from '../../scripts/test-count.ts';
import { prng, type Prng } from '../support/prng.js';
import { bundle, deref, type Json } from '../support/spec.js';
import { xmlProblems } from '../support/xml.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SAFETY_MS = 50_000;
const COUNTS = {
  secrets: 3000,
  terminal: 1500,
  reports: 800,
  growth: 200,
  proto: 2000,
  brackets: 1200,
  depth: 1200,
  records: 1100,
  counts: 500,
  listText: 1000,
  caseFold: 1500,
  usableIds: 600,
  dotSegments: 2000,
};
const doc = bundle();

/** Run `n` cases of one class; returns how many ran (all of them unless the safety net stopped it). */
function cases(n: number, seed: number, one: (r: Prng, i: number) => void): number {
  const r = prng(seed);
  const t0 = performance.now();
  let i = 0;
  for (; i < n; i++) {
    if (performance.now() - t0 > SAFETY_MS) break;
    one(r, i);
  }
  return i;
}

const str = (r: Prng, alphabet: string, min: number, max: number) => {
  const a = [...alphabet];
  return Array.from({ length: min + r.int(max - min + 1) }, () => a[r.int(a.length)]).join('');
};
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

describe('secrets in pieces (point 2)', () => {
  /** Every window of 6 characters of the password in raw, URL, JSON, HTML and base64 (3 alignments) form. */
  function windows(pw: string): string[] {
    const out = new Set<string>();
    const chars = [...pw];
    for (const s of [chars, [...pw.replace(/\s+/g, '')]]) {
      for (let i = 0; i + 6 <= s.length; i++) {
        const w = s.slice(i, i + 6).join('');
        out
          .add(w)
          .add(encodeURIComponent(w))
          .add(JSON.stringify(w).slice(1, -1))
          .add(w.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!));
        const bytes = Buffer.byteLength(w);
        for (let pre = 0; pre < 3; pre++) {
          const enc = Buffer.concat([Buffer.alloc(pre), Buffer.from(w)])
            .toString('base64')
            .replace(/=+$/, '');
          out.add(enc.slice(Math.ceil((pre * 8) / 6), Math.floor(((pre + bytes) * 8) / 6)));
        }
      }
    }
    return [...out].filter((x) => x.length >= 6);
  }
  const encodings: ((s: string) => string)[] = [
    (s) => s,
    encodeURIComponent,
    (s) => JSON.stringify(s).slice(1, -1),
    (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`),
    (s) => Buffer.from(s).toString('base64'),
    (s) => Buffer.from(`x${s}`).toString('base64'),
    (s) => Buffer.from(`xy${s}`).toString('base64'),
    (s) => Buffer.from(s).toString('base64url'),
    (s) => s.replace(/\s+/g, ''),
    (s) => encodeURIComponent(s).replace(/%20/g, '+'),
  ];

  it(`leaves no 6-character piece of the password in ${COUNTS.secrets} hostile texts`, () => {
    let redactor: { redact: (s: string) => string } | undefined;
    let pw = '';
    let win: string[] = [];
    const bad: string[] = [];
    const ran = cases(COUNTS.secrets, SEED + 1, (r, i) => {
      if (i % 50 === 0) {
        pw = r.int(3) === 0 ? Array.from({ length: 6 }, () => str(r, ALNUM, 4, 4)).join(' ') : str(r, `${ALNUM} "&<>/+%'\\é€😀`, 6, 40);
        redactor = createRedactor({ user: str(r, ALNUM, 3, 10), password: pw });
        win = windows(pw);
      }
      // A piece of the password (or all of it), encoded, cut at random ends, inside random text.
      const chars = [...pw];
      const from = r.int(Math.max(1, chars.length - 5));
      const piece = chars.slice(from, from + 6 + r.int(chars.length)).join('');
      const enc = r.pick(encodings)(piece);
      const cutA = r.int(3);
      const cut = enc.slice(cutA, enc.length - r.int(3));
      const text = `${str(r, `${ALNUM} :=/\n\u001b`, 0, 200)}${cut}${str(r, ALNUM, 0, 50)}${r.int(4) === 0 ? r.pick(encodings)(pw) : ''}`;
      const out = redactor!.redact(text);
      const left = win.filter((w) => out.includes(w));
      if (left.length && bad.length < 5) bad.push(`${JSON.stringify(pw)} in ${JSON.stringify(text.slice(-120))}: ${JSON.stringify(left)}`);
    });
    expect(ran).toBe(COUNTS.secrets);
    expect(bad).toEqual([]);
  });
});

// Characters a site may send: every C0 and C1 control, DEL, bidi and line separators, lone surrogates, non-characters.
const HOSTILE = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
  '\u2028',
  '\u2029',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udfff',
  '\ufffe',
  '\uffff',
  '😀',
  '<',
  '>',
  '&',
  '"',
  "'",
  ']]>',
  '<x-injected>',
  'a',
  'b',
  ' ',
];
const hostileText = (r: Prng, max = 40) => Array.from({ length: r.int(max) }, () => r.pick(HOSTILE)).join('');

describe('terminal and report injection (point 4)', () => {
  it(`shows no raw control character on the terminal in ${COUNTS.terminal} texts`, () => {
    const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const bad: string[] = [];
    const ran = cases(COUNTS.terminal, SEED + 2, (r) => {
      const s = hostileText(r, 80);
      const out = forTerminal(s);
      if (raw.test(out) && bad.length < 5) bad.push(JSON.stringify(s));
      // Newline and tab are kept; everything else printable stays as it was.
      if (out.split('\n').length !== s.split('\n').length && bad.length < 5) bad.push(`newlines changed: ${JSON.stringify(s)}`);
    });
    expect(ran).toBe(COUNTS.terminal);
    expect(bad).toEqual([]);
  });

  it(`keeps the JUnit XML well-formed and the HTML escaped for ${COUNTS.reports} hostile reports`, () => {
    const bad: string[] = [];
    const ran = cases(COUNTS.reports, SEED + 3, (r) => {
      const t = () => hostileText(r);
      const report = {
        baseUrl: t(),
        startedAt: t(),
        requests: 1,
        spec: { file: undefined, title: t(), version: t() },
        notes: [t()],
        scopeProblems: r.int(2) ? [t()] : [],
        summary: {
          operations: 1,
          passed: 0,
          failed: 1,
          notReachable: 0,
          skipped: 0,
          checks: 1,
          probes: 0,
          probesFailed: 0,
          checked: 1,
          leftBehind: 0,
          foreignWrites: 0,
          suspects: 0,
          foreignRecords: 0,
        },
        operations: [
          {
            namespace: t(),
            id: t(),
            method: 'GET',
            path: t(),
            verdict: r.pick(['failed', 'skipped', 'passed']),
            reason: t(),
            checks: [{ name: t(), ok: false, kind: 'response', errors: [t(), t()], request: { method: 'GET', url: t() }, status: 400, code: t(), ms: 1 }],
          },
        ],
        records: {
          created: [],
          removed: [],
          trashed: [],
          leftBehind: [],
          suspects: [{ path: t(), title: t(), why: t() }],
          foreignRecords: [{ path: t(), request: t(), why: t() }],
          before: {},
          after: {},
        },
        drift: {
          specNamespacesAbsent: [],
          siteOtherNamespaces: [],
          paramsAbsentFromSite: [],
          routes: { siteOnly: [], specOnly: [] },
          methods: { siteOnly: [], specOnly: [] },
          params: [],
        },
      };
      const xml = junitXml(report);
      const problems = xmlProblems(xml);
      if (problems.length && bad.length < 5) bad.push(`${problems[0]}`);
      const page = html(report);
      if ((page.includes('<x-injected') || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(page)) && bad.length < 5) bad.push('html not escaped');
    });
    expect(ran).toBe(COUNTS.reports);
    expect(bad).toEqual([]);
  });
});

describe('work that grows with the input (point 3)', () => {
  const v = createValidator(doc);
  const schema = (doc.paths as Json)['/core/v2/posts'].get.responses['200'].content['application/json'].schema;
  const good = (doc.paths as Json)['/core/v2/posts'].get.responses['200'].content['application/json'].examples;
  const valid = deref(Object.values(good as Record<string, Json>)[0], doc).value[0];

  it(`judges ${COUNTS.growth} lists of up to 600 items: valid exactly when the first-error check says so, at most 20 errors then a count`, () => {
    const bad: string[] = [];
    const ran = cases(COUNTS.growth, SEED + 4, (r) => {
      const n = r.int(600);
      const invalidRate = r.pick([0, 0.01, 0.5, 1]);
      const list = Array.from({ length: n }, (_, i) => (r.next() < invalidRate ? { ...valid, id: `x${i}` } : valid));
      const all = v.messages(schema, list);
      const first = v.messages(schema, list, { allErrors: false });
      if ((all.length === 0) !== (first.length === 0) && bad.length < 5) bad.push(`n=${n}: all ${all.length}, first ${first.length}`);
      if (all.length > 21 && bad.length < 5) bad.push(`n=${n}: ${all.length} errors listed`);
      if (all.length === 21 && !/more problems/.test(all[20]) && bad.length < 5) bad.push(`n=${n}: no count line`);
    });
    expect(ran).toBe(COUNTS.growth);
    expect(bad).toEqual([]);
  });
});

describe('prototype keys (point 7)', () => {
  const SEGMENTS = [
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'title',
    'rendered',
    '_links',
    '_embedded',
    'x',
    'toString',
    'valueOf',
    'hasOwnProperty',
    '__defineGetter__',
    'status',
    '',
  ];
  const protoNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  const sample = [
    { id: 5, title: { rendered: 'a' }, _links: { self: [{ href: 'h' }] } },
    { id: 6, title: { rendered: 'b' }, _links: {} },
  ];

  it(`no _fields list, query or form key of ${COUNTS.proto} reaches a prototype, and a normal request answers as before`, () => {
    const before = protoNames();
    const normal = JSON.stringify(applyFields(sample, 'id'));
    const table = routeTable(doc);
    const entry = matchRoute(doc, table, 'get', '/core/v2/posts')!.entry;
    const bad: string[] = [];
    const ran = cases(COUNTS.proto, SEED + 5, (r) => {
      const path = () => Array.from({ length: 1 + r.int(4) }, () => r.pick(SEGMENTS)).join('.');
      const list = Array.from({ length: 1 + r.int(3) }, path).join(',');
      applyFields(sample, list);
      const key = `${r.pick(SEGMENTS) || 'a'}${Array.from({ length: r.int(3) }, () => `[${r.pick(SEGMENTS)}]`).join('')}`;
      checkBracketScalars(doc, entry, phpPairs(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=1&per_page=2`));
      if (protoNames() !== before || ({} as Record<string, unknown>).x !== undefined || JSON.stringify(applyFields(sample, 'id')) !== normal) {
        if (bad.length < 5) bad.push(`_fields=${list} / ${key}`);
        for (const n of Object.getOwnPropertyNames(Object.prototype))
          if (!before.split(',').includes(n)) delete (Object.prototype as Record<string, unknown>)[n];
      }
    });
    expect(ran).toBe(COUNTS.proto);
    expect(bad).toEqual([]);
  });
});

describe('arrays where the platform expects a scalar (point 8)', () => {
  const table = routeTable(doc);
  const entry = matchRoute(doc, table, 'get', '/core/v2/posts')!.entry!;
  const typesOf = (s: Json): string[] => {
    const d = deref(s, doc) ?? {};
    const u = d.oneOf ?? d.anyOf;
    return u ? u.flatMap(typesOf) : [].concat(d.type ?? []);
  };
  const query = entry.params.filter((p) => p.in === 'query');
  const scalar = new Set(
    query
      .filter((p) => {
        const t = typesOf(p.schema);
        return t.length > 0 && !t.includes('array') && !t.includes('object');
      })
      .map((p) => p.name),
  );

  it(`answers rest_invalid_type exactly for the scalar parameters whose last key is bracketed, over ${COUNTS.brackets} queries`, () => {
    expect(scalar.has('per_page') && scalar.has('order') && !scalar.has('categories')).toBe(true);
    const bad: string[] = [];
    const ran = cases(COUNTS.brackets, SEED + 6, (r) => {
      const pairs: [string, string][] = Array.from({ length: 1 + r.int(5) }, () => {
        const name = r.pick([...query.map((p) => p.name), 'unknown']);
        const form = r.pick(['', '[]', '[x]', '[0][1]', '[']);
        return [`${name}${form}`, str(r, ALNUM, 0, 5)];
      });
      const { invalid, pairs: kept } = checkBracketScalars(doc, entry, pairs);
      // PHP's reading: the last key with the base name decides; `a[` is not a bracket (PHP makes it `a_`).
      const last = new Map<string, boolean>();
      for (const [k] of pairs) {
        const b = k.indexOf('[');
        const closed = b >= 0 && k.indexOf(']', b) > b;
        const base = b < 0 ? k : k.slice(0, b);
        last.set(base, closed || b >= 0);
      }
      const expected = [...last]
        .filter(([n, br]) => br && scalar.has(n))
        .map(([n]) => n)
        .sort();
      const got = [...(invalid as Map<string, { code: string }>).keys()].sort();
      if (JSON.stringify(got) !== JSON.stringify(expected) && bad.length < 5)
        bad.push(`${JSON.stringify(pairs)}: ${JSON.stringify(got)} != ${JSON.stringify(expected)}`);
      if ([...(invalid as Map<string, { code: string }>).values()].some((d) => d.code !== 'rest_invalid_type') && bad.length < 5) bad.push('code');
      if ((kept as [string, string][]).some(([k]) => k.includes('[') && scalar.has(k.slice(0, k.indexOf('[')))) && bad.length < 5)
        bad.push('a bracketed scalar key was forwarded');
    });
    expect(ran).toBe(COUNTS.brackets);
    expect(bad).toEqual([]);
  });
});

describe('JSON deeper than PHP reads (point 9)', () => {
  /** A reference reader with PHP's order of errors: the 512th nested `[` / `{` is JSON_ERROR_DEPTH (as measured on PHP 8.2), syntax errors where they occur. */
  function phpReference(text: string): 1 | 4 | null {
    let i = 0;
    let depth = 0;
    const fail = (code: 1 | 4): never => {
      throw Object.assign(new Error('x'), { code });
    };
    const ws = () => {
      while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
    };
    const string = () => {
      if (text[i] !== '"') fail(4);
      for (i++; i < text.length; i++) {
        if (text[i] === '\\') {
          if (!'"\\/bfnrtu'.includes(text[i + 1] ?? '')) fail(4);
          if (text[i + 1] === 'u' && !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(4);
          i += text[i + 1] === 'u' ? 5 : 1;
        } else if (text[i] === '"') {
          i++;
          return;
        }
      }
      fail(4);
    };
    const value = (): void => {
      ws();
      const c = text[i];
      if (c === '[' || c === '{') {
        if (depth + 1 >= 512) fail(1);
        depth++;
        i++;
        ws();
        const close = c === '[' ? ']' : '}';
        if (text[i] === close) {
          i++;
          depth--;
          return;
        }
        for (;;) {
          if (c === '{') {
            ws();
            string();
            ws();
            if (text[i] !== ':') fail(4);
            i++;
          }
          value();
          ws();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === close) {
            i++;
            depth--;
            return;
          }
          fail(4);
        }
      }
      if (c === '"') return string();
      const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?|true|false|null)/.exec(text.slice(i, i + 40));
      if (!m) fail(4);
      i += m![0].length;
    };
    try {
      value();
      ws();
      if (i !== text.length) fail(4);
      return null;
    } catch (e) {
      return (e as { code: 1 | 4 }).code;
    }
  }

  it(`answers as PHP's json_decode (default depth 512: 511 levels parse; syntax errors in reading order) for ${COUNTS.depth} bodies`, () => {
    const bad: string[] = [];
    const ran = cases(COUNTS.depth, SEED + 7, (r) => {
      const depth = 498 + r.int(25);
      let text = '';
      const closers: string[] = [];
      for (let d = 0; d < depth; d++) {
        if (r.int(2)) {
          text += `{"k${r.int(9)}":`;
          closers.push('}');
        } else {
          text += r.int(3) ? '[' : '[1,"a]",';
          closers.push(']');
        }
      }
      text += r.pick(['1', '"s"', '[]', '{}', 'null', 'true']);
      text += closers.reverse().join('');
      // Sometimes break it: a character removed, replaced or added somewhere.
      if (r.int(2)) {
        const at = r.int(text.length);
        const op = r.int(3);
        text =
          op === 0
            ? text.slice(0, at) + text.slice(at + 1)
            : op === 1
              ? `${text.slice(0, at)}x${text.slice(at + 1)}`
              : `${text.slice(0, at)}${r.pick(['[', '{', ',', ']'])}${text.slice(at)}`;
      }
      const got = jsonErrorCode(Buffer.from(text));
      const want = phpReference(text);
      if (got !== want && bad.length < 5) bad.push(`depth ${depth}: got ${got}, PHP ${want}: …${JSON.stringify(text.slice(0, 80))}`);
    });
    expect(ran).toBe(COUNTS.depth);
    expect(bad).toEqual([]);
  });
});

describe('records the run did not create (point 1)', () => {
  it(`proves a record the run's own only when it is, over ${COUNTS.records} answers of a site`, async () => {
    const stamp = '20261124T225500Zr0a1b2c';
    const marker = `contract-run ${stamp}`;
    const r = prng(SEED + 8);
    const bad: string[] = [];
    let ran = 0;
    const t0 = performance.now();
    for (let i = 0; i < COUNTS.records && performance.now() - t0 < SAFETY_MS; i++, ran++) {
      const id = 1 + r.int(50);
      const before = Array.from({ length: r.int(4) }, () => 1 + r.int(50));
      const status = r.pick([200, 200, 200, 404, 410, 500, 401]);
      const answerId = r.pick([id, id, String(id), id + 1, undefined]);
      const title = r.pick([`${marker} posts`, `contract-run 20200101T000000Zr000000 posts`, 'Summer festival', '', `x ${marker}`]);
      const slug = r.pick(['', `contract-run-${stamp.toLowerCase()}-media`, 'other']);
      const ctx = {
        marker,
        stamp,
        idsBefore: { '/core/v2/posts': before },
        getByRoute: new Map(),
        http: {
          request: async () => ({ status, json: status === 200 ? { id: answerId, title: { raw: title }, slug } : { code: 'x' } }),
          consecutiveTimeouts: 0,
        },
        stop: () => {},
      };
      const proof = await proveOwn(ctx, { path: `/core/v2/posts/${id}`, collection: '/core/v2/posts', id });
      const want =
        !before.includes(id) &&
        status === 200 &&
        String(answerId) === String(id) &&
        (title.includes(marker) || slug.includes(`contract-run-${stamp.toLowerCase()}`));
      if (proof.own !== want && bad.length < 5) bad.push(JSON.stringify({ id, before, status, answerId, title, slug, proof }));
    }
    expect(ran).toBe(COUNTS.records);
    expect(bad).toEqual([]);
  });
});

describe('the closing line counts honestly', () => {
  it(`counts every file that cannot load as a failure, over ${COUNTS.counts} reports`, () => {
    const bad: string[] = [];
    const ran = cases(COUNTS.counts, SEED + 9, (r) => {
      const files = Array.from({ length: r.int(8) }, () => {
        const asserts = Array.from({ length: r.int(5) }, () => r.pick(['passed', 'failed', 'skipped']));
        const status = asserts.includes('failed') || r.int(4) === 0 ? 'failed' : 'passed';
        return { status, assertionResults: asserts.map((s) => ({ status: s })) };
      });
      const all = files.flatMap((f) => f.assertionResults);
      const report = {
        numPassedTests: all.filter((a) => a.status === 'passed').length,
        numFailedTests: all.filter((a) => a.status === 'failed').length,
        numPendingTests: all.filter((a) => a.status === 'skipped').length,
        numTodoTests: 0,
        testResults: files,
      };
      const c = countVitest(report);
      const unloaded = files.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
      if (c.failed !== report.numFailedTests + unloaded && bad.length < 5) bad.push(JSON.stringify(report));
      if ((files.some((f) => f.status === 'failed') ? c.failed === 0 : false) && bad.length < 5) bad.push('a failed file counted as 0 failures');
    });
    expect(ran).toBe(COUNTS.counts);
    expect(bad).toEqual([]);
  });
});

describe('lists read item by item, never parsed whole (issue 31, point 1)', () => {
  /** A random JSON value: strings with brackets, commas, quotes and escapes, nested lists and objects. */
  const value = (r: Prng, depth: number): unknown => {
    const k = r.int(depth > 3 ? 3 : 6);
    if (k === 0) return r.pick([0, -1.5e300, true, null, 2 ** 60]);
    if (k === 1) return str(r, 'ab,[]{}:"\\ \n\u2028é😀', 0, 12);
    if (k === 2) return str(r, ALNUM, 0, 6);
    if (k === 3) return Array.from({ length: r.int(4) }, () => value(r, depth + 1));
    return Object.fromEntries(Array.from({ length: r.int(4) }, () => [str(r, 'k],"{', 0, 4), value(r, depth + 1)]));
  };
  /** JSON.stringify with random whitespace around the structural characters (outside strings). */
  const spaced = (r: Prng, v: unknown): string => {
    const ws = () => str(r, ' \n\t\r', 0, 2);
    if (Array.isArray(v)) return `${ws()}[${ws()}${v.map((x) => spaced(r, x)).join(`${ws()},${ws()}`)}${ws()}]${ws()}`;
    if (v && typeof v === 'object')
      return `${ws()}{${Object.entries(v)
        .map(([k, x]) => `${JSON.stringify(k)}${ws()}:${spaced(r, x)}`)
        .join(',')}}${ws()}`;
    return `${ws()}${JSON.stringify(v)}${ws()}`;
  };

  it(`finds exactly the items JSON.parse finds, in ${COUNTS.listText} list and non-list texts`, () => {
    const bad: string[] = [];
    const ran = cases(COUNTS.listText, SEED + 10, (r) => {
      const v = r.int(5) === 0 ? value(r, 0) : Array.from({ length: r.int(30) }, () => value(r, 1));
      const text = spaced(r, v);
      const keep = r.int(40);
      const scan = scanJson(text, { keep, maxDepth: 128 });
      const parsed: unknown = JSON.parse(text);
      const ok = Array.isArray(parsed)
        ? scan.list?.count === parsed.length &&
          scan.list.items.length === Math.min(keep, parsed.length) &&
          scan.list.items.every((it, i) => JSON.stringify(JSON.parse(text.slice(it.from, it.to))) === JSON.stringify(parsed[i]))
        : scan.list === undefined;
      if ((!ok || scan.tooDeep) && bad.length < 5) bad.push(text.slice(0, 200));
    });
    expect(ran).toBe(COUNTS.listText);
    expect(bad).toEqual([]);
  });
});

describe("the redactor's case folding (issue 31, point 2)", () => {
  it(`leaves no 6-character piece of the password in any case, over ${COUNTS.caseFold} texts`, () => {
    const bad: string[] = [];
    let redactor = createRedactor();
    let pw = '';
    const ran = cases(COUNTS.caseFold, SEED + 11, (r, i) => {
      if (i % 50 === 0) {
        pw = Array.from({ length: 6 }, () => str(r, ALNUM, 4, 4)).join(' ');
        redactor = createRedactor({ user: 'admin', password: pw });
      }
      const nospace = pw.replace(/ /g, '');
      const from = r.int(nospace.length - 5);
      const piece = nospace.slice(from, from + 6 + r.int(nospace.length - from - 5));
      const encoded = r.pick([(t: string) => t, encodeURIComponent, (t: string) => Buffer.from(t).toString('base64'), (t: string) => JSON.stringify(t)])(piece);
      // Each letter's case flipped at random: Node lower-cases header names, a proxy may upper-case them.
      const cased = [...encoded].map((c) => (r.int(2) ? c.toUpperCase() : c.toLowerCase())).join('');
      const out = redactor.redact(`${str(r, ALNUM, 0, 20)}-${cased}-${str(r, ALNUM, 0, 20)}`).toLowerCase();
      if (out.includes(piece.slice(0, 6).toLowerCase()) && bad.length < 5) bad.push(`${pw}: ${cased} -> ${out}`);
    });
    expect(ran).toBe(COUNTS.caseFold);
    expect(bad).toEqual([]);
  });
});

describe('ids the run cannot use (issue 31, point 3)', () => {
  it(`takes an id as usable exactly when it names one record by a positive safe integer, over ${COUNTS.usableIds} ids`, () => {
    const bad: string[] = [];
    const ran = cases(COUNTS.usableIds, SEED + 12, (r) => {
      const id: unknown = r.pick([
        () => r.int(2 ** 31),
        () => -r.int(1000),
        () => 2 ** 53 + r.int(10) - 5,
        () => Number.POSITIVE_INFINITY,
        () => JSON.parse(r.pick(['1e400', '-1e400', '1.5', '1e3', '0'])),
        () => String(r.int(10_000)),
        () => `${r.int(100)}${str(r, 'abc .e%', 1, 3)}`,
        () => `0${r.int(100)}`,
        () => r.pick(['..', '.', '', ' 5', '5 ', '+5', '9007199254740993']),
        () => r.pick([null, true, {}, [5]]),
      ])();
      const n = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) && !id.startsWith('0') ? Number(id) : NaN;
      const expected = Number.isSafeInteger(n) && n > 0;
      if (usableId(id) !== expected && bad.length < 5) bad.push(`${JSON.stringify(id)}: ${usableId(id)}`);
    });
    expect(ran).toBe(COUNTS.usableIds);
    expect(bad).toEqual([]);
  });
});

describe('dot segments as path values (issue 31, point 8)', () => {
  /** The reference: the value, decoded again and again while it decodes, is `.` or `..` at some stage. */
  const reference = (v: string): boolean => {
    let s = v;
    for (let i = 0; i < 10; i++) {
      if (s === '.' || s === '..') return true;
      let next: string;
      try {
        next = decodeURIComponent(s);
      } catch {
        return false;
      }
      if (next === s) return false;
      s = next;
    }
    return false;
  };

  it(`refuses exactly the values a URL would resolve away, over ${COUNTS.dotSegments} values`, () => {
    const bad: string[] = [];
    const ran = cases(COUNTS.dotSegments, SEED + 13, (r) => {
      const v = Array.from({ length: 1 + r.int(3) }, () => r.pick(['.', '.', '%2e', '%2E', '%252e', '%25252E', 'a', '%', '2e', '%25', '-'])).join('');
      const expected = reference(v);
      if ((isDotSegment(v) !== expected || (dotSegmentParam({ parent: 5, id: v }) !== undefined) !== expected) && bad.length < 5)
        bad.push(`${v}: ${isDotSegment(v)}, expected ${expected}`);
    });
    expect(ran).toBe(COUNTS.dotSegments);
    expect(bad).toEqual([]);
  });
});

it('runs at least 16,000 cases across the classes', () => {
  expect(Object.values(COUNTS).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(16_000);
});
