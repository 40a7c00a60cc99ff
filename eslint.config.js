// ESLint 9 flat config: typescript-eslint's recommended rules on the project's TypeScript (and the
// plugin .js of scripts/redocly and scripts/spectral), zero errors and zero warnings
// (`npm run lint:code`). generated/ (made by the pipeline) and openapi/ (YAML) are not linted.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'test-output/', 'generated/', 'openapi/', 'releases/', '.sandbox/', 'test/fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        structuredClone: 'readonly',
      },
    },
    rules: {
      // `any` stays an error; only the tests may read JSON loosely (test/support/spec.ts says why).
      // Control characters in regular expressions are deliberate: the CLI, the mock and the redaction
      // strip or escape them from untrusted text before it reaches a terminal or a report.
      'no-control-regex': 'off',
      // A leading underscore marks a binding kept on purpose (a destructured element left out, say).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The products and tools (not the tests): no function over ~80 lines.
    files: ['core/**/*.ts', 'src/**/*.ts', 'cli/**/*.ts', 'mock/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
    // No rule is switched off by a comment in the products: `any` included (values from outside are
    // `unknown`, checked with core/json.ts; spec nodes have the types of core/openapi.ts).
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
  },
);
