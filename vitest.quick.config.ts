import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The quick tier (`npm run test:quick`): every offline test but the slow kinds, named here by what
 * they need. Between the unit tier (`vitest.unit.config.ts`, seconds, sources only) and the offline
 * run (`npm run test:offline`, every test but test/live). test/pipeline/test-mirror.test.ts holds
 * every browser test to this list.
 */
export const QUICK_LEAVES_OUT = {
  'a real site': ['test/live/**'],
  'a browser (chromium)': ['test/docs/browser.test.ts', 'test/docs/readable.test.ts', 'test/mock/cors.test.ts', 'test/contract/report-html.test.ts'],
  'packing the package and installing it into a fresh project': ['test/consumer/**'],
  'the whole build, docs included': ['test/pipeline/generated-fresh.test.ts'],
};

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, ...Object.values(QUICK_LEAVES_OUT).flat()],
    },
  }),
);
