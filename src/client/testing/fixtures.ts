import { serviceTest } from '../../service/testing/fixtures.ts';
import { createClient, type Client } from '../request.ts';
import { signedIn, startClientGateway } from './gateway.ts';
import { browserFetch, gatewayStandIn } from './stand-in.ts';

/** acme's oldest pending QC requests, listed through the gateway by a member of acme. */
export { pendingRequests } from './gateway.ts';

/**
 * The client's tests' fixtures, each started for a test file when first asked for and closed
 * once it is done: `service` (the reference service), `admin` (the stand-in for the gateway
 * with acme-admin's token, stand-in.ts), `gateway` (the real gateway in front of the
 * service, gateway.ts) and `signIn` (a browser signed in to that gateway, with the client's API of
 * your choice).
 */
export const clientTest = serviceTest
  .extend('gateway', { scope: 'file' }, async ({ service }, { onCleanup }) => {
    const gateway = await startClientGateway(service.url);
    onCleanup(() => gateway.close());
    return gateway;
  })
  .extend('admin', { scope: 'file' }, ({ service }) => gatewayStandIn(service, 'acme-admin'))
  .extend('signIn', { scope: 'file' }, ({ gateway }) => {
    /** `clientId` signed in through the gateway: its browser, and `api` on the app's client. */
    return async <Api>(clientId: string, api: (client: Client) => Api) => {
      const browser = await signedIn(gateway, clientId);
      const client = createClient({ baseUrl: gateway.url, fetch: browserFetch(browser) });
      return { api: api(client), browser };
    };
  });

/**
 * The file's `api` on the stand-in's client (acme-admin's token): an object filled in before
 * the file's tests run, so a file writes `const api = adminApi(accountsApi);` at its top.
 */
export function adminApi<Api extends object>(api: (client: Client) => Api): Api {
  const calls = {} as Api;
  clientTest.beforeAll(({ admin }) => {
    Object.assign(calls, api(admin.client));
  });
  return calls;
}
