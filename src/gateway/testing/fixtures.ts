import { serviceTest } from '../../service/testing/fixtures.ts';
import { signedIn } from '../../shared/testing/browser.ts';
import { expectMessage, startHarness, type Browser, type Harness } from './harness.ts';

export { pendingRequests, signedIn } from '../../shared/testing/browser.ts';

/**
 * The roles a gateway test signs in as: acme's reviewer, its admin (a QC manager) and its
 * notary (signatures only), and globex's admin, a stranger to acme's data.
 */
export const ROLES = {
  reviewer: 'acme-reviewer',
  admin: 'acme-admin',
  notary: 'acme-notary',
  stranger: 'globex-admin',
} as const;
export type Role = keyof typeof ROLES;

/** A browser on `gateway` for each of the ROLES named (or all of them), signed in in turn. */
export async function signInRoles<R extends Role = Role>(
  gateway: Harness,
  ...roles: R[]
): Promise<Record<R, Browser>> {
  const browsers = {} as Record<R, Browser>;
  const named = roles.length > 0 ? roles : (Object.keys(ROLES) as R[]);
  for (const role of named) browsers[role] = await signedIn(gateway, ROLES[role]);
  return browsers;
}

/** A `from`/`to` report at `path` refuses no range, an impossible date and too long a range. */
export async function expectDateRangeChecked(browser: Browser, path: string) {
  const range = (query: string) => browser.request('GET', `${path}${query}`);
  expectMessage(await range(''), 400, /required/);
  expectMessage(await range('?from=2026-02-30&to=2026-03-01'), 400, /dates/);
  expectMessage(await range('?from=2020-01-01&to=2026-01-01'), 400, /at most/);
}

/**
 * `serviceTest` with the gateway in front of it, each started for a test file when first asked
 * for and closed once it is done: `gateway` (a harness on the service, on SQLite or on the
 * PostgreSQL test database as the harness decides), `signedIn` (a browser signed in to it
 * as a client id) and `signInRoles` (a browser for each of the ROLES named, or all of them,
 * signed in one after another). A test that needs a gateway of its own options starts its
 * own harness.
 *
 *     const it = gatewayTest;
 *     it.beforeAll(async ({ signedIn }) => { reviewer = await signedIn('acme-reviewer'); });
 *     it.beforeAll(async ({ signInRoles }) => {
 *       ({ reviewer, admin } = await signInRoles('reviewer', 'admin'));
 *     });
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
  )
  .extend(
    'signInRoles',
    { scope: 'file' },
    ({ gateway }) =>
      <R extends Role = Role>(...roles: R[]) =>
        signInRoles(gateway, ...roles),
  );
