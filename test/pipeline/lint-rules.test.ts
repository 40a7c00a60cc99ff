// The project's Spectral rules catch what they are meant to catch: every rule fires on the broken
// fixture, and none fires on the good one.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CHILD_MS, CHILD_TEST_MS } from '../support/build.js';
import { ROOT } from '../support/spec.js';

function spectral(file: string): { status: number | null; results: { code: string; message: string; path: string[] }[] } {
  const res = spawnSync(join(ROOT, 'node_modules/.bin/spectral'), ['lint', file, '--ruleset', join(ROOT, '.spectral.yaml'), '--format', 'json', '--quiet'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: CHILD_MS,
  });
  const text = res.stdout.trim();
  return { status: res.status, results: text ? JSON.parse(text) : [] };
}

// The project's own rules (objects); string entries only switch a spectral:oas rule's severity.
const projectRules = Object.entries(parse(readFileSync(join(ROOT, '.spectral.yaml'), 'utf8')).rules)
  .filter(([, v]) => typeof v === 'object')
  .map(([k]) => k);

describe('project lint rules', () => {
  it('has custom rules', () => {
    expect(projectRules.length).toBeGreaterThanOrEqual(10);
  });

  it(
    'every project rule fires on the broken fixture',
    () => {
      const { status, results } = spectral(join(ROOT, 'test/fixtures/lint-broken.yaml'));
      expect(status).not.toBe(0);
      const fired = new Set(results.map((r) => r.code));
      expect(projectRules.filter((r) => !fired.has(r))).toEqual([]);
      const messages = results.map((r) => r.message).join('\n');
      expect(messages).toMatch(/must document a 400/);
      expect(messages).toMatch(/must document a 401/);
      expect(messages).toMatch(/must document a 403/);
      expect(messages).toMatch(/must document a 404/);
      expect(messages).toMatch(/X-WP-Total/);
      expect(messages).toMatch(/X-TEC-TotalPages/);
      expect(messages).toMatch(/must accept the i18n_language/);
      expect(messages).toMatch(/gives this route no i18n_language/);
      expect(messages).toMatch(/must share one request body/);
      expect(messages).toMatch(/also accepted as application\/x-www-form-urlencoded/);
      expect(messages).toMatch(/must not be required/);
      expect(messages).toMatch(/must read "<product> <version>"/);
      expect(messages).toMatch(/an add-on's own error body/);
    },
    CHILD_TEST_MS,
  );

  it(
    'no rule fires on the good fixture',
    () => {
      const { status, results } = spectral(join(ROOT, 'test/fixtures/lint-good.yaml'));
      expect(results.map((r) => `${r.code}: ${r.message}`)).toEqual([]);
      expect(status).toBe(0);
    },
    CHILD_TEST_MS,
  );
});
