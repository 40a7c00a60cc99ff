// mock/json-text.ts: an answer's bytes built from the kept bytes of remembered parts (D262) are the
// bytes of JSON.stringify, in every naming; a remembered value's bytes are kept per naming and
// shared; a value too long or asked in too many namings is serialised each time, not kept.
import { describe, expect, it } from 'vitest';
import { jsonBytes, keptBytes, MAX_KEPT_TEXT, remember, type Naming } from '../../mock/json-text.ts';

/** A naming that writes the examples' host as another origin (as naming.ts does for the mock's origin). */
const naming = (key: string, origin: string): Naming => ({ key, rewrite: (t) => t.split('https://festival.example').join(origin) });
const named = (value: unknown, origin: string) => JSON.stringify(value).split('https://festival.example').join(origin);

const record = (id: number) => ({ id, title: { rendered: `Nacht ${id} — «ü»` }, link: `https://festival.example/?p=${id}`, tags: [1, 2], meta: { a: null } });

describe('jsonBytes', () => {
  it('gives the bytes of JSON.stringify for plain values, with and without a naming', () => {
    const values = [null, 1, 'x', true, [], {}, [1, 'a', null, { b: [undefined, 2] }], { u: undefined, f: () => 1, s: 'https://festival.example/x' }];
    for (const v of values) {
      expect(jsonBytes(v).bytes.toString('utf8')).toBe(JSON.stringify(v) ?? 'null');
      expect(jsonBytes(v, naming('a', 'http://127.0.0.1:4010')).bytes.toString('utf8')).toBe(named(v, 'http://127.0.0.1:4010') ?? 'null');
    }
  });

  it('builds a list page from its remembered records: the same bytes, each record kept once per naming and shared', () => {
    const records = [record(1), record(2), record(3)];
    records.forEach(remember);
    const page = { events: records, total: 3, rest_url: 'https://festival.example/wp-json/x' };
    const n = naming('real', 'http://localhost:4010');
    for (let round = 0; round < 2; round++) {
      expect(jsonBytes(records).bytes.toString('utf8')).toBe(JSON.stringify(records));
      expect(jsonBytes(page, n).bytes.toString('utf8')).toBe(named(page, 'http://localhost:4010'));
    }
    // A single remembered record: its kept bytes themselves, shared, the same buffer each time.
    const one = jsonBytes(records[0], n);
    expect(one.bytes.toString('utf8')).toBe(named(records[0], 'http://localhost:4010'));
    expect(keptBytes(one.bytes)).toBe(true);
    expect(jsonBytes(records[0], n).bytes).toBe(one.bytes);
    // Another naming: other bytes, kept apart.
    const other = jsonBytes(records[0], naming('plain', 'http://127.0.0.1:9'));
    expect(other.bytes === one.bytes).toBe(false);
    expect(other.bytes.toString('utf8')).toBe(named(records[0], 'http://127.0.0.1:9'));
    // A list's bytes are its own buffer, never a kept one (nothing may write into a kept buffer).
    expect(keptBytes(jsonBytes(records, n).bytes)).toBe(false);
  });

  it('says whether every URL is in the naming: not when a part below the second level is serialised whole', () => {
    const n = naming('a', 'http://127.0.0.1:4010');
    expect(jsonBytes({ a: { b: 1 } }, n).named).toBe(true);
    expect(jsonBytes({ a: { b: { c: 'https://festival.example/' } } }, n).named).toBe(false);
    const deep = { c: 'https://festival.example/' };
    remember(deep);
    expect(jsonBytes({ a: { b: deep } }, n).named).toBe(true);
    expect(jsonBytes({ a: 1 }).named).toBe(false);
  });

  it('keeps no copy of a value longer than MAX_KEPT_TEXT, nor in more than 16 namings', () => {
    const long = { text: 'x'.repeat(MAX_KEPT_TEXT + 1) };
    remember(long);
    const a = jsonBytes(long);
    expect(a.bytes.length).toBe(MAX_KEPT_TEXT + 12);
    expect(keptBytes(a.bytes)).toBe(false);
    expect(jsonBytes(long).bytes === a.bytes).toBe(false);
    const r = record(9);
    remember(r);
    const kept = Array.from({ length: 20 }, (_, i) => keptBytes(jsonBytes(r, naming(`n${i}`, `http://127.0.0.1:${i + 1}`)).bytes));
    expect(kept.filter(Boolean)).toHaveLength(16);
  });
});
