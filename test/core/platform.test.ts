// The platform's names live in one module (core/platform.js, D168): the mapping, the client, the CLI,
// the mock, the scripts and the lint plugins read them there. This test states the names, and reads
// every code file for a copy: a string literal that is exactly one of the names (a namespace, with or
// without its leading slash, the language parameter, or a site's name for them).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FESTIVAL_PLATFORM, WORDPRESS } from '../../core/mapping.ts';
import {
  BATCH_ROUTE,
  CALENDAR_NAMESPACE,
  CORE_NAMESPACE,
  isCalendarRoute,
  LANGUAGE_PARAM,
  NO_LANGUAGE_ROUTES,
  SITE_NAMES,
  takesLanguage,
} from '../../core/platform.js';

const ROOT = join(import.meta.dirname, '../..');

const NAMES = [
  CORE_NAMESPACE,
  CALENDAR_NAMESPACE,
  BATCH_ROUTE.slice(1),
  LANGUAGE_PARAM,
  ...Object.values(SITE_NAMES.namespaces),
  ...Object.values(SITE_NAMES.params),
];
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A quoted literal that is exactly a name (`'core/v2'`, `"/cal/events/v1"`, `` `i18n_language` ``). */
const COPY = new RegExp(`(['"\`])/?(?:${NAMES.map(escape).join('|')})\\1`);

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? codeFiles(p) : /\.(ts|js)$/.test(n) && !n.endsWith('.d.ts') ? [p] : [];
  });
}

/** The lines of a file that spell a name, outside comments. */
function copiesIn(text: string): string[] {
  return text.split('\n').filter((line) => {
    const t = line.trim();
    return !t.startsWith('//') && !t.startsWith('*') && !t.startsWith('/*') && COPY.test(line.replace(/\s\/\/ .*$/, ''));
  });
}

describe('the platform names (core/platform.js)', () => {
  it('are the spec neutral names, mapped to the live platform names', () => {
    expect([CORE_NAMESPACE, CALENDAR_NAMESPACE, BATCH_ROUTE, LANGUAGE_PARAM]).toEqual(['core/v2', 'cal/events/v1', '/batch/v1', 'i18n_language']);
    expect(FESTIVAL_PLATFORM).toEqual({
      namespaces: {
        'core/v2': 'wp/v2',
        'cal/events/v1': 'tribe/events/v1',
        'batch/v1': 'batch/v1',
        'oembed/1.0': 'oembed/1.0',
        'ml/v1': 'wpml/v1',
        'ml/st/v1': 'wpml/st/v1',
        'ml/tm/v1': 'wpml/tm/v1',
        'ml/ate/v1': 'wpml/ate/v1',
        'installer/v1': 'otgs/installer/v1',
        'forms/v1': 'forminator/v1',
        'connector/v1': 'hub-connector/v1',
        'crosssell/v1': 'wpmudev_pcs/v1',
        'survey/v1': 'nps-survey/v1',
        'builder/v1': 'ultimate-vc/v1',
        'builderx/v1': 'uavc/v1',
        slider: 'sliderrevolution',
        'theme/v1': 'the7/v1',
      },
      segments: {
        'builder/v1': { 'font-library': 'google-fonts' },
        'builderx/v1': { 'marketplace-activation': 'envato-activation' },
        'ml/tm/v1': { '{mlJobId}': '{wpmlJobId}' },
      },
      params: { i18n_language: 'wpml_language', ml_job_id: 'wpml_job_id', mlJobId: 'wpmlJobId' },
    });
    expect(WORDPRESS).toEqual({ namespaces: { 'core/v2': 'wp/v2' }, params: {} });
    expect(Object.isFrozen(SITE_NAMES) && Object.isFrozen(SITE_NAMES.namespaces)).toBe(true);
  });

  it('isCalendarRoute: the namespace or a path under it, whatever the query', () => {
    for (const r of ['/cal/events/v1', '/cal/events/v1/', '/cal/events/v1/events', '/cal/events/v1/events?page=2', '/cal/events/v1?x=/core'])
      expect(isCalendarRoute(r), r).toBe(true);
    for (const r of ['/cal/events/v10', '/cal/events', '/core/v2/posts?r=/cal/events/v1', 'cal/events/v1', '/x/cal/events/v1', ''])
      expect(isCalendarRoute(r), r).toBe(false);
  });

  it('takesLanguage: every route but the site index, /batch/v1 and the calendar document (D186)', () => {
    expect(NO_LANGUAGE_ROUTES).toEqual(['/', '/batch/v1', '/cal/events/v1/doc']);
    for (const r of ['/', '/?x=1', '/batch/v1', '/batch/v1/', '/cal/events/v1/doc', '/cal/events/v1/doc?i18n_language=nl'])
      expect(takesLanguage(r), r).toBe(false);
    for (const r of ['/cal/events/v1', '/cal/events/v1/events?page=2', '/core/v2/posts', '/ml/v1', '/oembed/1.0/embed', '/cal/events/v1/docs', '/batch/v2'])
      expect(takesLanguage(r), r).toBe(true);
  });

  it('no other code file spells them', () => {
    const files = ['core', 'src', 'cli', 'mock', 'scripts'].flatMap((d) => codeFiles(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    const found = new Map<string, string[]>();
    for (const f of files) {
      const rel = relative(ROOT, f).split('\\').join('/');
      if (rel === 'core/platform.js') continue;
      const lines = copiesIn(readFileSync(f, 'utf8'));
      if (lines.length) found.set(rel, lines);
    }
    expect([...found.keys()].map((f) => `${f}: ${found.get(f)?.[0]?.trim()}`)).toEqual([]);
  });

  it('the copy finder finds a copy and passes a comment, a longer path and a key', () => {
    expect(copiesIn("const a = 'core/v2';\nconst b = `/cal/events/v1`;\nx(\"i18n_language\");\nconst s = 'wp/v2';")).toHaveLength(4);
    expect(copiesIn("// 'core/v2'\n * `i18n_language`\nconst p = '/core/v2/posts';\nconst k = 'core/v2/posts';\nconst q = 'x' // 'wp/v2'")).toEqual([]);
  });
});
