import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// zod comes through src/contract/zod.ts (zod/mini): zod classic would put its whole self in
// the browser's entry (the speed targets), and one dialect keeps schemas alike.
const zodPaths = ['zod', 'zod/mini', 'zod/v4', 'zod/v4/mini'].map((name) => ({
  name,
  message: 'import { z } from src/contract/zod.ts',
}));

// The boundaries between the parts (docs/architecture.md), as import-x zones: each says
// which folder may not import from which.
const FEATURES = readdirSync('src/app/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const QC_SUBFEATURES = readdirSync('src/app/features/qc', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const boundaries = [
  // A feature imports no other, but for what another lists in its index.ts (its public
  // surface, as a QC sub-feature's below).
  ...FEATURES.map((feature) => ({
    target: `./src/app/features/${feature}`,
    from: './src/app/features',
    except: [
      `./${feature}`,
      ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message:
      "a feature imports no other feature but through its index.ts: share it through ui/, shell/, a shared module or that feature's index.ts",
  })),
  {
    target: ['./src/app/shell', './src/app/ui', './src/app/routes'],
    from: './src/app/features',
    message: 'shell/, ui/ and routes/ import no feature',
  },
  { target: './src/client', from: './src/app', message: 'the client imports nothing from the app' },
  {
    target: './src/service',
    from: ['./src/gateway', './src/app', './src/client'],
    message: 'the service imports nothing from the gateway, the app or the client',
  },
  {
    target: './src/gateway',
    from: ['./src/app', './src/client'],
    message: 'the gateway imports nothing from the app or the client',
  },
  // src/shared holds pure helpers every part may use, as it may use the contract: it imports
  // nothing of the project but the contract (the standard library and zod: see below), and the
  // contract, zod only, imports nothing of it.
  {
    target: './src/shared',
    from: './src',
    except: ['./shared', './contract'],
    message: 'shared imports nothing of the parts: only the contract, the standard library and zod',
  },
  {
    target: './src/contract',
    from: './src/shared',
    message: 'the contract imports nothing from shared: shared may import the contract',
  },
  // The gateway's proxy is general: the QC team's rules reach it through its one hook
  // (ProxyRules, given by reviews/qc-rules.ts in app.ts), never by import.
  {
    target: './src/gateway/upstream',
    from: ['./src/gateway/reviews', './src/gateway/qc-management'],
    message:
      'upstream/ imports nothing from reviews/ or qc-management/: QC rules come through the hook',
  },
];

// Held by production code only: a test may start the gateway or the service (their testing/).
const productionBoundaries = [
  ...boundaries,
  {
    target: './src/app',
    from: ['./src/gateway', './src/service'],
    message: 'the app imports nothing from the gateway or the service: it reaches them over HTTP',
  },
  {
    target: './src/client',
    from: ['./src/gateway', './src/service'],
    message:
      'the client imports nothing from the gateway or the service: it reaches them over HTTP',
  },
  {
    target: './src/app/pdf',
    from: './src/app/features',
    message: 'pdf/ imports no feature: the features import it',
  },
  // A QC sub-feature (features/qc/<sub>/) reaches another only through its index.ts (or
  // shares a stylesheet): what the others use of it is listed in one place.
  ...QC_SUBFEATURES.map((sub) => ({
    target: `./src/app/features/qc/${sub}`,
    from: QC_SUBFEATURES.filter((other) => other !== sub).map(
      (other) => `./src/app/features/qc/${other}/**`,
    ),
    except: QC_SUBFEATURES.map((other) => `**/src/app/features/qc/${other}/index.ts`).concat(
      '**/*.css',
    ),
    message: "a QC sub-feature imports another only through that one's index.ts",
  })),
];

// Test support lives in a part's testing/ folder (CONTRIBUTING.md); production code imports
// neither it nor vitest. Tests, testing/ itself, e2e/, bench/ and scripts/ may.
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'];

// And each part's test support is its own (CONTRIBUTING.md, "Test support"): a test, or a
// testing/ file, of one part (src/<part>/) uses its part's testing/, the contract's
// (contract-shaped samples: every part speaks the contract) and shared's (what the tests of
// several parts use), never another part's. The one crossing: the gateway's and the client's
// tests run against the reference service, their upstream, started by its own test support.
const PARTS = ['app', 'client', 'contract', 'gateway', 'service', 'shared'];
const EVERY_PART_MAY_USE = ['contract', 'shared'];
const UPSTREAM_FOR = { client: ['service'], gateway: ['service'] };
const testSupportBoundaries = PARTS.map((part) => ({
  target: `./src/${part}`,
  from: PARTS.filter(
    (other) =>
      other !== part &&
      !EVERY_PART_MAY_USE.includes(other) &&
      !(UPSTREAM_FOR[part] ?? []).includes(other),
  ).map((other) => `./src/${other}/testing`),
  message:
    "a part's tests use its own testing/, the contract's and shared's: move what another part's tests need to the contract's, shared's or that part's own testing/",
}));
const testingImports = {
  patterns: [
    {
      group: ['**/testing', '**/testing/**', 'vitest', 'vitest/**'],
      message: 'production code imports no test support: testing/ and vitest are for tests',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.attest', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { paths: zodPaths }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      // Runtime cycles; `npm run lint` also runs scripts/import-cycles.ts for type-only ones.
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: productionBoundaries }],
      '@typescript-eslint/no-restricted-imports': ['error', testingImports],
    },
  },
  {
    files: TEST_FILES.map((glob) => `src/${glob}`),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaries, ...testSupportBoundaries] },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // No long rooms in the app: a file over 250 lines, tests included, is split by what each
  // part does (as queue-list.tsx into its named hooks). Counted as `wc -l` counts, comments
  // and blank lines too: what a reader scrolls through.
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  // Arrows go one way (docs/design.md): contract imports zod only; the gateway and the app
  // never import the service, because in production the service is someone else's.
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: zodPaths,
          patterns: [{ group: ['../*', '!../contract/*'], message: 'contract imports zod only' }],
        },
      ],
    },
  },
  {
    files: ['src/app/**', 'src/client/**', 'src/gateway/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: zodPaths,
          patterns: [{ group: ['**/service/**'], message: 'reach the service over HTTP only' }],
        },
      ],
    },
  },
  // The contract's test support sits a folder down (src/contract/testing/): still the contract.
  {
    files: ['src/contract/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: zodPaths,
          patterns: [
            { group: ['../../*', '!../../contract/*'], message: 'contract imports zod only' },
          ],
        },
      ],
    },
  },
  { files: ['src/contract/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Shared code runs in every part, the browser's included: the standard library (node:) and
  // zod (through src/contract/zod.ts; zod's own locales) are all it may bring. Its tests may
  // use test libraries.
  {
    files: ['src/shared/**'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: zodPaths,
          patterns: [
            {
              regex: '^(?!node:|zod/|\\.)',
              message: 'shared imports the standard library (node:) and zod only, and the contract',
            },
          ],
        },
      ],
    },
  },
  // Client tests run the real reference service in-process (startTestService) behind a
  // stand-in for the gateway, or the real gateway (their fixtures, src/client/testing/); the
  // client code itself still may not import either.
  {
    files: ['src/client/**/*.test.ts', 'src/client/testing/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Gateway tests start the reference service as their upstream: a fixture, not a dependency
  // (gatewayTest, src/gateway/testing/fixtures.ts, the one test support file that does).
  {
    files: ['src/gateway/**/*.test.ts', 'src/gateway/testing/fixtures.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
