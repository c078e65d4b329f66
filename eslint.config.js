// `npm run lint` (part of `npm test`): typescript-eslint's recommended rules and the project's
// boundaries: which folder may import which (../shared/DESIGN.md section 2), web features kept
// apart, no import cycles. The boundary rules are HamLog's own (scripts/lint/plugin.js) and
// resolve every import with TypeScript's resolver. See docs/decisions/0019-lint-boundaries.md.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import hamlog from './scripts/lint/plugin.js';

const SERVICES = ['command-api', 'query-api', 'projectors', 'stream'];
const TESTS = ['**/test/**', '**/tests/**', '**/testing/**', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'];

/** What the browser must never load: the DXCC data, and domain's root index that re-exports it. */
const DXCC_DATA = [
  'domain/src/index.ts',
  'domain/src/dxcc/**',
  'domain/src/generated/cty-*.ts',
  'domain/src/generated/arrl-entities.ts',
];

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'domain/data/**',
      'test-results/**',
      'bench/out/**',
      'bench/results/**',
      '.turbo/**',
      '.tools/**',
      // Generated (their generators are linted).
      'domain/src/generated/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      // `_name` marks an argument or binding that is there on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests and benchmarks poke at things from outside: loose types are fine there.
    files: TESTS,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ---- Boundaries (DESIGN.md section 2) -------------------------------------------------------
  { plugins: { hamlog } },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    rules: { 'hamlog/no-cycle': 'error' },
  },
  {
    // The language of the product imports nothing of the project.
    files: ['domain/**'],
    rules: { 'hamlog/boundaries': ['error', { allow: [] }] },
  },
  {
    // No I/O at run time: the browser uses these modules too (domain/README.md).
    files: ['domain/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(node:.*|(${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(/.*)?)$`,
              message: 'domain/src is pure: no Node built-ins (no I/O; the browser loads it too).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['process', 'fetch', 'XMLHttpRequest', 'WebSocket', 'require', 'localStorage', 'sessionStorage', 'indexedDB'].map((name) => ({
          name,
          message: 'domain/src is pure: no I/O; take what is needed as an argument.',
        })),
      ],
    },
  },
  {
    files: ['infra/**'],
    rules: { 'hamlog/boundaries': ['error', { allow: ['domain'] }] },
  },
  {
    // Services never import each other.
    files: SERVICES.map((service) => `${service}/**`),
    rules: { 'hamlog/boundaries': ['error', { allow: ['domain', 'infra'] }] },
  },
  {
    // The gateway composes the services, through their public entries only.
    files: ['gateway/**'],
    rules: { 'hamlog/boundaries': ['error', { allow: ['domain', 'infra', ...SERVICES], publicEntryOnly: SERVICES }] },
  },
  {
    // The client: its own code and pure domain modules, never the DXCC data (not even indirectly).
    files: ['web/**'],
    rules: {
      'hamlog/boundaries': [
        'error',
        {
          allow: ['domain'],
          forbid: [
            {
              modules: DXCC_DATA,
              transitive: true,
              message:
                "the client never loads the DXCC data (domain/src/dxcc, the generated country files) nor domain's root index that re-exports it; import the pure module itself, e.g. '@hamlog/domain/qso/fields'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Build-time scripts of the client run in Node, not in the browser.
    files: ['web/scripts/**'],
    rules: { 'hamlog/boundaries': ['error', { allow: ['domain'] }] },
  },
  {
    // bulletproof-react: features never import each other, shared code imports no feature, and
    // web/src/app composes the features.
    files: ['web/src/**'],
    rules: {
      'hamlog/feature-boundaries': [
        'error',
        {
          features: 'web/src/features',
          app: 'web/src/app',
          shared: ['components', 'hooks', 'lib', 'utils', 'config', 'types', 'styles', 'testing'].map((f) => `web/src/${f}`),
        },
      ],
    },
  },
  // bench/ and e2e/ may import anything; the cycle rule still applies to them.
);
