import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // Two cores: integration tests each start a real HTTP server, so keep workers few.
    maxWorkers: 2,
    globalSetup: ['src/service/test-setup.ts'],
    testTimeout: 20_000,
  },
});
