import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QcRequestListSchema } from '../contract/qc.ts';
import { startHarness, type Harness } from '../gateway/testing/harness.ts';
import { startTestService, type TestService } from '../service/testing/service.ts';
import { ApiError } from './api-error.ts';
import { createClient } from './request.ts';
import { browserFetch } from './testing/stand-in.ts';
import { teamApi } from './team.ts';

// The team calls against the real gateway (its /team routes are its own, not proxied) in
// front of the real service, as two members of one owner.

let service: TestService;
let gateway: Harness;

/** The app's client as a signed-in browser of `clientId` would run it. */
async function clientOf(clientId: string) {
  const browser = gateway.browser();
  expect((await browser.signIn(clientId)).status).toBe(200);
  return {
    api: teamApi(createClient({ baseUrl: gateway.url, fetch: browserFetch(browser) })),
    browser,
  };
}

beforeAll(async () => {
  service = await startTestService();
  gateway = await startHarness({ upstream: service.url });
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

describe('teamApi', () => {
  it('claims, answers who holds a claimed request, takes over and releases', async () => {
    const riley = await clientOf('acme-reviewer');
    const alex = await clientOf('acme-admin');
    const list = await riley.browser.request(
      'GET',
      '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=1',
    );
    const id = QcRequestListSchema.parse(list.body).qcRequests[0]?.id ?? '';

    const mine = await riley.api.claim(id);
    expect(mine).toMatchObject({ kind: 'mine', claim: { holder: { name: 'Riley Reviewer' } } });
    const held = await alex.api.claim(id);
    expect(held).toMatchObject({ kind: 'held', claim: { holder: { name: 'Riley Reviewer' } } });
    const taken = await alex.api.claim(id, true);
    expect(taken).toMatchObject({ kind: 'mine', claim: { holder: { name: 'Alex Admin' } } });
    expect((await riley.api.history(id)).takeOvers).toHaveLength(1);

    await alex.api.release(id);
    expect((await riley.api.listClaims()).claims).toEqual([]);
    // Anything but someone else's claim is an error to show: here an unknown request.
    await expect(riley.api.claim(crypto.randomUUID())).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 404,
    );
  });
});
