import { defineConfig } from 'vitest/config';

// The fast unit tier (`npm run test:unit`, seconds): the core and the typed client, straight from
// the TypeScript sources. No build (no global setup compiling dist/), no site, no network beyond
// loopback, no child process. The full offline run (`npm run test:offline`) includes these files too.
export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/client/**/*.test.ts', 'test/spec/core-v2.test.ts', 'test/contract/one-judge.test.ts'],
    testTimeout: 10_000,
    pool: 'threads',
  },
});
