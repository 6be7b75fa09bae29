import { describe, expect } from 'vitest';
import { gatewayTest as it } from '../testing/fixtures.ts';
import { SessionSchema } from '../../contract/session.ts';
import type { TestService } from '../../service/testing/service.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { REFRESH_WINDOW_MS } from './tokens.ts';

// ADR 011: the spec answers an expired or revoked token and a missing permission alike, with
// 401. The gateway refreshes only when its token may really be the reason.

let service: TestService;
let gateway: Harness;
let serviceAdmin: string;

it.beforeAll(async ({ service: upstream, gateway: started }) => {
  service = upstream;
  gateway = started;
  serviceAdmin = await service.token('acme-admin');
});

// Accounts need accounts.write, which a reviewer lacks.
const ADMIN_ONLY = '/api/accounts/v1/accounts?owner=acme&limit=1';
const USERS = '/api/users/v1/users?owner=acme&limit=1';
const HOUR = 3600_000;

async function signedIn(clientId: string): Promise<Browser> {
  const browser = gateway.browser();
  expect((await browser.signIn(clientId)).status).toBe(200);
  return browser;
}

const refused = (browser: Browser, times: number) =>
  Promise.all(Array.from({ length: times }, () => browser.request('GET', ADMIN_ONLY)));

describe('a 401 that only means "no permission"', () => {
  it('50 such calls mint at most one token, and each gets the refusal as it is', async () => {
    const reviewer = await signedIn('acme-reviewer');
    const before = gateway.tokenRequests();
    // Right after sign-in the token is new: no refresh at all.
    for (const result of await refused(reviewer, 25)) {
      expectMessage(result, 401, /lacks the accounts.write permission/);
    }
    expect(gateway.tokenRequests()).toBe(before);

    // Past the window the first 401 may be a revocation: one refresh finds out, and the new
    // token's 401s are refusals again.
    gateway.advance(REFRESH_WINDOW_MS);
    for (const result of await refused(reviewer, 15)) {
      expectMessage(result, 401, /lacks the accounts.write permission/);
    }
    for (let i = 0; i < 10; i++) {
      expectMessage(await reviewer.request('GET', ADMIN_ONLY), 401, /accounts.write/);
    }
    expect(gateway.tokenRequests() - before).toBe(1);
    // What the reviewer may read still works with that token.
    expect((await reviewer.request('GET', USERS)).status).toBe(200);
    expect(gateway.tokenRequests() - before).toBe(1);
  });

  it('a revocation within the window reaches the browser as 401; the first call after it refreshes', async () => {
    const notary = await signedIn('acme-notary');
    const revoke = await service.send('POST', '/sandbox/v1/clients/acme-notary/revoke', {
      token: serviceAdmin,
    });
    expect(revoke.status, revoke.text).toBe(200);
    const before = gateway.tokenRequests();
    expectMessage(await notary.request('GET', USERS), 401, /revoked/);
    expect(gateway.tokenRequests()).toBe(before);

    gateway.advance(REFRESH_WINDOW_MS);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => notary.request('GET', USERS)),
    );
    for (const result of results) expect(result.status, result.text).toBe(200);
    expect(gateway.tokenRequests() - before).toBe(1);
  });
});

describe('a user deactivated in the service', () => {
  // The service then refuses the user's tokens (401) and its client a new one (invalid_client).
  it('ends their console session at the first request past the window; until then each call gets the 401', async () => {
    const reviewer = await signedIn('acme-reviewer');
    const session = SessionSchema.parse((await reviewer.request('GET', '/session')).body);
    const other = await signedIn('acme-reviewer');
    service.ctx.db
      .prepare('UPDATE users SET deactivated_on = ? WHERE id = ?')
      .run(new Date(Date.now() - HOUR).toISOString(), session.user?.id ?? '');

    // Within the window a 401 is taken as it says: the session stays, no token is asked for.
    const before = gateway.tokenRequests();
    expect((await reviewer.request('GET', USERS)).status).toBe(401);
    expect((await reviewer.request('GET', '/session')).status).toBe(200);
    expect(gateway.tokenRequests()).toBe(before);

    gateway.advance(REFRESH_WINDOW_MS);
    expectMessage(await reviewer.request('GET', USERS), 401, /sign in again/);
    expectMessage(await reviewer.request('GET', '/session'), 401, /sign in/);
    // Every session of that user ends at its own next request.
    expectMessage(await other.request('GET', USERS), 401, /sign in again/);
    expectMessage(await other.request('GET', '/session'), 401, /sign in/);
    // Signing in again is a wrong credential, counted toward the hold like any other.
    expectMessage(await gateway.browser().signIn('acme-reviewer'), 401, /client id or secret/);
  });
});
