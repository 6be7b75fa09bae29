import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// zod comes through src/contract/zod.ts (zod/mini): zod classic would put its whole self in
// the browser's entry (the speed targets), and one dialect keeps schemas alike.
const zodPaths = ['zod', 'zod/mini', 'zod/v4', 'zod/v4/mini'].map((name) => ({
  name,
  message: 'import { z } from src/contract/zod.ts',
}));

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
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
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
  { files: ['src/contract/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Client tests run the real reference service in-process (startTestService) behind a
  // stand-in for the gateway; the client code itself still may not import it.
  {
    files: ['src/client/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // Gateway tests start the reference service as their upstream: a fixture, not a dependency.
  {
    files: ['src/gateway/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
