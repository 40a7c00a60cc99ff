// The pipeline's stages, in order. Each stage is one tool run; `build.ts` runs them and stops at the
// first failure. Paths are parameters so tests can build a broken copy or into a temporary folder.
// The project's own stages run compiled (dist/scripts/*.js: the npm scripts compile first).
import { join } from 'node:path';

/** One stage: a command and its arguments; `failOnWarnings` also fails on a warnings summary. */
export interface Stage {
  name: string;
  cmd: string;
  args: string[];
  failOnWarnings?: boolean;
}

const bin = (name: string): string => join('node_modules', '.bin', name);

/** A compiled script of this folder, relative to the project root. */
const script = (name: string): string => join('dist', 'scripts', `${name}.js`);

export function stages({ source = 'openapi/openapi.yaml', out = 'generated' }: { source?: string; out?: string } = {}): Stage[] {
  const bundleYaml = join(out, 'openapi.yaml');
  return [
    { name: 'lint:source', cmd: bin('redocly'), args: ['lint', source, '--format', 'stylish'], failOnWarnings: true },
    { name: 'bundle', cmd: bin('redocly'), args: ['bundle', source, '-o', bundleYaml] },
    { name: 'bundle:json', cmd: bin('redocly'), args: ['bundle', source, '--ext', 'json', '-o', join(out, 'openapi.json')] },
    { name: 'lint:bundle', cmd: bin('spectral'), args: ['lint', bundleYaml, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', '--quiet'] },
    {
      name: 'types',
      cmd: bin('openapi-typescript'),
      args: [
        bundleYaml,
        '-o',
        join(out, 'types.ts'),
        '--default-non-nullable',
        'false',
        '--empty-objects-unknown',
        '--redocly',
        'scripts/openapi-ts.redocly.yaml',
      ],
    },
    { name: 'batchable', cmd: process.execPath, args: [script('batchable'), '--spec', join(out, 'openapi.json'), '--out', join(out, 'batchable.ts')] },
    { name: 'client-routes', cmd: process.execPath, args: [script('client-routes'), '--spec', join(out, 'openapi.json'), '--out', out] },
    { name: 'readme', cmd: process.execPath, args: [script('generated-readme'), out] },
    { name: 'docs', cmd: process.execPath, args: [script('docs'), bundleYaml, join(out, 'docs')] },
  ];
}
