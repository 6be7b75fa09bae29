import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.attest', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Arrows go one way (DESIGN.md): contract imports zod only; the gateway and the app
  // never import the service, because in production the service is someone else's.
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*', '!../contract/*'], message: 'contract imports zod only' }] },
      ],
    },
  },
  {
    files: ['src/app/**', 'src/client/**', 'src/gateway/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/service/**'], message: 'reach the service over HTTP only' }] },
      ],
    },
  },
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
