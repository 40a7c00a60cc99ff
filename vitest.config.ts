import { defineConfig } from 'vitest/config';

// Offline tests live in test/ (any folder but test/live); tests against a real site in test/live.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // Hooks start mocks and builds: they wait for the child's own line (bounded by the helper), so the
    // hook's bound is above the helper's (test/support/mock.ts), not a guess of the pace.
    hookTimeout: 300_000,
    pool: 'forks',
    // The compiled products (dist/) that tests spawn are built once per run (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
