// The pipeline's stages, in order. Each stage is one tool run; `build.mjs` runs them and stops at the
// first failure. Paths are parameters so tests can build a broken copy or into a temporary folder.
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);

export function stages({ source = 'openapi/openapi.yaml', out = 'generated' } = {}) {
  const bundleYaml = join(out, 'openapi.yaml');
  return [
    { name: 'lint:source', cmd: bin('redocly'), args: ['lint', source, '--format', 'stylish'], failOnWarnings: true },
    { name: 'bundle', cmd: bin('redocly'), args: ['bundle', source, '-o', bundleYaml] },
    { name: 'bundle:json', cmd: bin('redocly'), args: ['bundle', source, '--ext', 'json', '-o', join(out, 'openapi.json')] },
    { name: 'lint:bundle', cmd: bin('spectral'), args: ['lint', bundleYaml, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn', '--quiet'] },
    { name: 'types', cmd: bin('openapi-typescript'), args: [bundleYaml, '-o', join(out, 'types.ts'), '--default-non-nullable', 'false', '--redocly', 'scripts/openapi-ts.redocly.yaml'] },
    { name: 'batchable', cmd: process.execPath, args: ['scripts/batchable.mjs', '--spec', join(out, 'openapi.json'), '--out', join(out, 'batchable.ts')] },
    { name: 'client-routes', cmd: process.execPath, args: ['scripts/client-routes.mjs', '--spec', join(out, 'openapi.json'), '--out', out] },
    { name: 'readme', cmd: process.execPath, args: ['scripts/generated-readme.mjs', out] },
    { name: 'docs', cmd: process.execPath, args: ['scripts/docs.mjs', bundleYaml, join(out, 'docs')] },
  ];
}
