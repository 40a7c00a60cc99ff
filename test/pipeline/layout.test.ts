// "The file is the path": every route of openapi/openapi.yaml is a $ref to `paths/<route>.yaml` (a
// route that is a folder's root, like `/core/v2` or `/`, may be that folder's `index.yaml`), and every
// file under openapi/paths/ is the file of exactly one route.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../support/spec.js';

const SRC = join(ROOT, 'openapi');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? yamlFiles(p) : p.endsWith('.yaml') ? [relative(SRC, p).split('\\').join('/')] : [];
  });
}

/** The layout's problems: routes whose file is not at their path, files no route uses, files used twice. */
function layoutProblems(paths: Record<string, unknown>, files: string[]): string[] {
  const problems: string[] = [];
  const used = new Map<string, string>();
  for (const [route, item] of Object.entries(paths)) {
    const ref = (item as { $ref?: unknown })?.$ref;
    if (typeof ref !== 'string') {
      problems.push(`${route}: written inline; put it in paths${route === '/' ? '/index' : route}.yaml`);
      continue;
    }
    const allowed = route === '/' ? ['paths/index.yaml'] : [`paths${route}.yaml`, `paths${route}/index.yaml`];
    if (!allowed.includes(ref)) problems.push(`${route}: its file is ${ref}, not at its path (${allowed.join(' or ')})`);
    if (!files.includes(ref)) problems.push(`${route}: ${ref} does not exist`);
    if (used.has(ref)) problems.push(`${route}: ${ref} is already the file of ${used.get(ref)}`);
    used.set(ref, route);
  }
  for (const f of files) if (f.startsWith('paths/') && !used.has(f)) problems.push(`${f}: no route uses it`);
  return problems;
}

describe('the file is the path', () => {
  const root = parse(readFileSync(join(SRC, 'openapi.yaml'), 'utf8'));
  const files = yamlFiles(join(SRC, 'paths')).map((f) => `paths/${f.replace(/^paths\//, '')}`);

  it("every route is in its path's file, and every path file is a route's", () => {
    expect(Object.keys(root.paths).length).toBeGreaterThan(100);
    expect(files.length).toBe(Object.keys(root.paths).length);
    expect(layoutProblems(root.paths, files)).toEqual([]);
  });

  it('finds a route whose file is elsewhere, a file no route uses, an inline route and a shared file', () => {
    const paths = {
      '/': { $ref: 'paths/index.yaml' },
      '/core/v2': { $ref: 'paths/core/v2/index.yaml' },
      '/core/v2/posts': { $ref: 'paths/core/v2/post.yaml' },
      '/core/v2/pages': { $ref: 'paths/core/v2/pages.yaml' },
      '/core/v2/pages/{id}': { $ref: 'paths/core/v2/pages.yaml' },
      '/core/v2/media': { get: {} },
    };
    const problems = layoutProblems(paths, [
      'paths/index.yaml',
      'paths/core/v2/index.yaml',
      'paths/core/v2/post.yaml',
      'paths/core/v2/pages.yaml',
      'paths/core/v2/orphan.yaml',
      'paths/core/v2/media.yaml',
    ]);
    expect(problems).toEqual([
      '/core/v2/posts: its file is paths/core/v2/post.yaml, not at its path (paths/core/v2/posts.yaml or paths/core/v2/posts/index.yaml)',
      '/core/v2/pages/{id}: its file is paths/core/v2/pages.yaml, not at its path (paths/core/v2/pages/{id}.yaml or paths/core/v2/pages/{id}/index.yaml)',
      '/core/v2/pages/{id}: paths/core/v2/pages.yaml is already the file of /core/v2/pages',
      '/core/v2/media: written inline; put it in paths/core/v2/media.yaml',
      'paths/core/v2/orphan.yaml: no route uses it',
      'paths/core/v2/media.yaml: no route uses it',
    ]);
  });
});
