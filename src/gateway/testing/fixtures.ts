import { expect } from 'vitest';
import { QcRequestListSchema } from '../../contract/qc.ts';
import { serviceTest } from '../../service/testing/fixtures.ts';
import { startHarness, type Browser, type Harness } from './harness.ts';

/** `clientId` signed in to `gateway` in a browser of its own (200 from sign-in, or the test fails). */
export async function signedIn(gateway: Harness, clientId: string): Promise<Browser> {
  const browser = gateway.browser();
  expect((await browser.signIn(clientId)).status).toBe(200);
  return browser;
}

/** acme's oldest pending QC requests, as `browser` (a member of acme) lists them. */
export async function pendingRequests(browser: Browser, limit: number) {
  const list = await browser.request(
    'GET',
    `/api/qc/v2/qc/requests?owner=acme&status=pending&limit=${limit}&orderDirection=asc`,
  );
  return QcRequestListSchema.parse(list.body).qcRequests;
}

/**
 * `serviceTest` with the gateway in front of it, each started for a test file when first asked
 * for and closed once it is done: `gateway` (a harness on the service, on SQLite or on the
 * PostgreSQL test database as the harness decides) and `signedIn` (a browser signed in to it
 * as a client id). A test that needs a gateway of its own options starts its own harness.
 *
 *     const it = gatewayTest;
 *     it.beforeAll(async ({ signedIn }) => { reviewer = await signedIn('acme-reviewer'); });
 */
export const gatewayTest = serviceTest
  .extend('gateway', { scope: 'file' }, async ({ service }, { onCleanup }) => {
    const gateway = await startHarness({ upstream: service.url });
    onCleanup(() => gateway.close());
    return gateway;
  })
  .extend(
    'signedIn',
    { scope: 'file' },
    ({ gateway }) =>
      (clientId: string) =>
        signedIn(gateway, clientId),
  );
