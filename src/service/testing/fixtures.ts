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

/** Access tokens of `clientIds`, in order, from `service`'s token endpoint. */
export function tokensOf<const T extends readonly string[]>(service: TestService, ...clientIds: T) {
  return Promise.all(clientIds.map((clientId) => service.token(clientId))) as Promise<{
    [K in keyof T]: string;
  }>;
}
