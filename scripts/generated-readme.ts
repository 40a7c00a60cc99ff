#!/usr/bin/env node
// Write the README of the generated folder (part of the build, so it is generated too).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? 'generated';
writeFileSync(
  join(out, 'README.md'),
  `# generated/

Made by \`npm run build\` from \`openapi/\`; never edit these files by hand (a test rebuilds them and
fails when they differ). \`openapi.yaml\` / \`openapi.json\`: the bundled spec; \`types.ts\`: the
openapi-typescript types but \`components\`, which it re-exports from \`components.ts\` (split by
scripts/client-routes.ts, so that the client loads \`components\` without \`paths\` and \`operations\`);
\`batchable.ts\`: the operations \`POST /batch/v1\` can run (from
\`x-allow-batch\`); \`routes.ts\`: the typed client's route tables and call signatures, and
\`routes-equivalence.ts\`: their type-level test against openapi-fetch (scripts/client-routes.ts);
\`docs/\`: the self-contained HTML docs. \`types.ts\`, \`components.ts\` and \`routes.ts\` start with \`// @ts-nocheck\`
(consumers skip them; test/pipeline/client-routes.test.ts checks them without it).
`,
);
