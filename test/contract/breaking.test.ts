// The breaking-change check on fixture pairs (test/fixtures/breaking/): requests and responses are
// judged by opposite rules, and the exit code follows info.version's major.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
// @ts-expect-error plain ESM JavaScript without type declarations
import { compareBundles, verdict } from '../../cli/lib/breaking.mjs';
import { ROOT } from '../support/spec.js';

const FIX = join(ROOT, 'test', 'fixtures', 'breaking');
const load = (name: string) => YAML.parse(readFileSync(join(FIX, name), 'utf8'));
type Change = { breaking: boolean; rule: string; operation: string; where: string; message: string };
const cli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'cli', 'index.mjs'), 'breaking', ...args], { cwd: ROOT, encoding: 'utf8' });
const has = (changes: Change[], rule: string, operation: string, where: RegExp | string) =>
  changes.some((c) => c.rule === rule && c.operation === operation && (typeof where === 'string' ? c.where === where : where.test(c.where)));

describe('breaking changes (base -> head-breaking, same major)', () => {
  const result = compareBundles(load('base.yaml'), load('head-breaking.yaml'));
  const breaks: Change[] = result.changes.filter((c: Change) => c.breaking);

  it.each([
    ['operation-removed', 'DELETE /things/{id}', 'operation'],
    ['operationId-renamed', 'GET /things/{id}', 'operationId'],
    ['parameter-removed', 'GET /things', 'parameter query order'],
    ['required-parameter-added', 'GET /things', 'parameter query site'],
    ['request-enum-narrowed', 'GET /things', 'parameter query status'],
    ['request-constraint-narrowed', 'GET /things', 'parameter query per_page'],
    ['parameter-serialisation-changed', 'GET /things', 'parameter query include'],
    ['required-request-field-added', 'POST /things', 'requestBody application/json.owner'],
    ['request-enum-narrowed', 'POST /things', 'requestBody application/json.kind'],
    ['request-type-narrowed', 'POST /things', 'requestBody application/json.count'],
    ['request-field-removed', 'POST /things', 'requestBody application/json.note'],
    ['request-constraint-narrowed', 'POST /things', 'requestBody application/json.title'],
    ['response-field-removed', 'GET /things/{id}', 'response 200 application/json.size'],
    ['response-type-changed', 'GET /things/{id}', 'response 200 application/json.title'],
    ['response-field-no-longer-required', 'GET /things/{id}', 'response 200 application/json.title'],
    ['response-enum-widened', 'GET /things/{id}', 'response 200 application/json.kind'],
    ['response-enum-widened', 'GET /things', 'response 200 application/json[].tags[]'],
    ['response-header-removed', 'GET /things', 'response 200 header X-Total'],
  ])('%s: %s %s', (rule, op, where) => {
    expect(has(breaks, rule, op, where), JSON.stringify(breaks, null, 1)).toBe(true);
  });

  it('a renamed path variable alone is no break', () => {
    expect(breaks.filter((c) => c.operation === 'GET /things/{id}' && /parameter path/.test(c.where))).toEqual([]);
  });

  it('fails when the major is kept, passes when the major is raised', () => {
    expect(verdict(result)).toMatchObject({ ok: false, announced: false });
    const major = load('head-breaking.yaml');
    major.info.version = '2.0.0';
    expect(verdict(compareBundles(load('base.yaml'), major))).toMatchObject({ ok: true, announced: true });
  });
});

describe('compatible changes (base -> head-compatible)', () => {
  const result = compareBundles(load('base.yaml'), load('head-compatible.yaml'));

  it('finds no break', () => {
    expect(result.changes.filter((c: Change) => c.breaking)).toEqual([]);
    expect(verdict(result).ok).toBe(true);
  });

  it.each([
    ['request-enum-widened', 'GET /things', 'parameter query status'],
    ['parameter-added', 'GET /things', 'parameter query search'],
    ['request-enum-widened', 'POST /things', 'requestBody application/json.kind'],
    ['request-field-added', 'POST /things', 'requestBody application/json.colour'],
    ['response-enum-narrowed', 'GET /things/{id}', 'response 200 application/json.kind'],
    ['response-field-added', 'GET /things/{id}', 'response 200 application/json.created'],
    ['operation-added', 'GET /things/{id}/history', 'operation'],
  ])('lists %s: %s %s as non-breaking', (rule, op, where) => {
    expect(has(result.changes.filter((c: Change) => !c.breaking), rule, op, where)).toBe(true);
  });

  it('a bundle compared with itself has no change', () => {
    expect(compareBundles(load('base.yaml'), load('base.yaml')).changes).toEqual([]);
  });
});

describe('npm run breaking (the CLI)', () => {
  it('exits 1 on unannounced breaks and names them', () => {
    const r = cli('--base', join(FIX, 'base.yaml'), '--head', join(FIX, 'head-breaking.yaml'));
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/BREAKING operation-removed\s+DELETE \/things\/\{id\}/);
    expect(r.stdout).toMatch(/NOT announced/);
  });

  it('exits 0 on compatible changes', () => {
    const r = cli('--base', join(FIX, 'base.yaml'), '--head', join(FIX, 'head-compatible.yaml'));
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/0 breaking change/);
  });

  it('exits 2 on bad input, without a stack trace', () => {
    for (const args of [['--bogus'], [], ['--base', 'no-such-ref-or-file-xyz'], ['--base', join(FIX, 'base.yaml'), '--head', join(ROOT, 'package.json')]]) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('reads the base bundle of a git ref (HEAD) and compares it with the current bundle', () => {
    const r = cli('--base', 'HEAD', '--head', join(FIX, 'base.yaml'));
    expect([0, 1]).toContain(r.status);
    expect(r.stdout).toMatch(/^breaking: base HEAD:/);
  });
});
