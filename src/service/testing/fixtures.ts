import { test } from 'vitest';
import { startTestService, type TestService } from './service.ts';

/**
 * `test` with the reference service as a fixture: a test, or a `beforeAll` of it, that names
 * `service` in its context gets one (startTestService), started for its file when first asked
 * for and closed once the file is done. Extend it for more (src/client/testing/fixtures.ts).
 *
 *     const it = serviceTest;
 *     it('answers', async ({ service }) => { … });
 */
export const serviceTest = test.extend(
  'service',
  { scope: 'file' },
  // Vitest reads the fixtures a fixture needs from this pattern: this one needs none.
  // eslint-disable-next-line no-empty-pattern
  async ({}, { onCleanup }) => {
    const service = await startTestService();
    onCleanup(() => service.close());
    return service;
  },
);

/** The demo clients' access tokens, named by role: `({ admin, globex } = await demoTokens(service))`. */
export async function demoTokens(service: TestService) {
  const tokens = await service.tokens();
  return {
    admin: tokens['acme-admin'],
    reviewer: tokens['acme-reviewer'],
    notary: tokens['acme-notary'],
    integration: tokens['acme-integration'],
    globex: tokens['globex-admin'],
  };
}

export type DemoSetup = { service: TestService } & Awaited<ReturnType<typeof demoTokens>>;

/**
 * The file's service and the demo tokens, for a file whose helpers use them outside a test:
 * `const demo = demoSetup();` at its top, then `demo.service`, `demo.admin` and so on, filled
 * in by the `beforeAll` this adds (before the file's own).
 */
export function demoSetup(): DemoSetup {
  const demo = {} as DemoSetup;
  serviceTest.beforeAll(async ({ service }) => {
    Object.assign(demo, { service }, await demoTokens(service));
  });
  return demo;
}

/**
 * For `vi.waitFor(check, UNTIL)`: waits for what it waits for as long as a test may run
 * (testTimeout, vite.config.ts). Its own default gives up after a second, which a busy machine
 * can take for anything.
 */
export const UNTIL = { timeout: 15_000, interval: 20 };
