import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { OAuthErrorSchema } from '../../contract/auth.ts';
import { UserSchema } from '../../contract/users.ts';
import {
  demoTokenRequest,
  expectError,
  storedValue,
  type TestService,
} from '../testing/service.ts';

// A deactivated user's client must get no token, and the tokens it holds must be
// refused from the moment of deactivation.

let service: TestService;
let admin: string;

it.beforeAll(async ({ service: started }) => {
  service = started;
  admin = await service.token('acme-admin');
});

const userId = (name: string) =>
  storedValue(service.ctx.db, 'SELECT id FROM users WHERE display_name = ?', name);
const FIRMS = '/accounts/v1/firms?owner=acme';
const SIGNATURES = '/signatures/v2/requests?owner=acme&limit=1';

async function tokenResponse(clientId: string) {
  const response = await fetch(`${service.url}/auth/v1/oauth2/token`, {
    method: 'POST',
    ...demoTokenRequest(clientId),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('POST /sandbox/v1/users/{userId}/deactivate', () => {
  it("ends the user's tokens at once and gives its client no new ones", async () => {
    const nora = userId('Nora Notary');
    const held = await service.token('acme-notary');
    expect((await service.get(SIGNATURES, held)).status).toBe(200);

    const before = service.ctx.clock.now().getTime();
    const result = await service.send('POST', `/sandbox/v1/users/${nora}/deactivate`, {
      token: admin,
    });
    const after = service.ctx.clock.now().getTime();
    expect(result.status, result.text).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(user.id).toBe(nora);
    // As the request was answered, on the service's clock.
    expect(Date.parse(user.deactivatedOn ?? '')).toBeGreaterThanOrEqual(before);
    expect(Date.parse(user.deactivatedOn ?? '')).toBeLessThanOrEqual(after);
    expect(
      UserSchema.parse((await service.get(`/users/v1/users/${nora}`, admin)).body).deactivatedOn,
    ).toBe(user.deactivatedOn);

    expectError(await service.get(SIGNATURES, held), 401, /deactivated/);
    const refused = await tokenResponse('acme-notary');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(OAuthErrorSchema.parse(refused.body)).toMatchObject({ error: 'invalid_client' });
    expect(OAuthErrorSchema.parse(refused.body).error_description).toMatch(/deactivated/);

    // Nobody else is touched: the admin, and a machine client of the same owner.
    expect((await service.get(FIRMS, admin)).status).toBe(200);
    expect((await service.get(FIRMS, await service.token('acme-integration'))).status).toBe(200);

    // Deactivating again keeps the first deactivation time.
    const again = await service.send('POST', `/sandbox/v1/users/${nora}/deactivate`, {
      token: admin,
    });
    expect(UserSchema.parse(again.body).deactivatedOn).toBe(user.deactivatedOn);

    // Reactivated: new tokens work; the ones held at deactivation stay refused.
    const back = await service.send('POST', `/sandbox/v1/users/${nora}/reactivate`, {
      token: admin,
    });
    expect(back.status, back.text).toBe(200);
    expect(UserSchema.parse(back.body).deactivatedOn).toBeNull();
    expect((await service.get(SIGNATURES, await service.token('acme-notary'))).status).toBe(200);
    expectError(await service.get(SIGNATURES, held), 401, /revoked/);
  });

  it('refuses tokens from the deactivation time on the service clock, however it was set', async () => {
    // Deactivation written by data (an import, a real deployment's back office), a minute
    // ahead: nothing is revoked, and the token works until that minute has passed.
    const riley = userId('Riley Reviewer');
    const held = await service.token('acme-reviewer');
    const ahead = new Date(service.ctx.clock.now().getTime() + 60_000).toISOString();
    service.ctx.db.prepare('UPDATE users SET deactivated_on = ? WHERE id = ?').run(ahead, riley);
    try {
      expect((await service.get('/qc/v2/qc/processes?owner=acme', held)).status).toBe(200);
      expect((await tokenResponse('acme-reviewer')).status).toBe(200);
      service.ctx.clock.advance(61_000);
      expectError(await service.get('/qc/v2/qc/processes?owner=acme', held), 401, /deactivated/);
      expect((await tokenResponse('acme-reviewer')).status).toBe(401);
    } finally {
      service.ctx.db.prepare('UPDATE users SET deactivated_on = NULL WHERE id = ?').run(riley);
    }
    // Active again by data: the same token works, as it was never revoked.
    expect((await service.get('/qc/v2/qc/processes?owner=acme', held)).status).toBe(200);
  });

  it("answers 404 for an unknown or another owner's user, 400 for a bad id, 401 without the sandbox permission", async () => {
    const gwen = userId('Gwen Globex');
    for (const action of ['deactivate', 'reactivate']) {
      expectError(
        await service.send('POST', `/sandbox/v1/users/${gwen}/${action}`, { token: admin }),
        404,
        /not found/,
      );
      expectError(
        await service.send(
          'POST',
          `/sandbox/v1/users/00000000-0000-4000-8000-000000000000/${action}`,
          {
            token: admin,
          },
        ),
        404,
        /not found/,
      );
      expectError(
        await service.send('POST', `/sandbox/v1/users/constructor/${action}`, { token: admin }),
        400,
        /UUID/,
      );
      expectError(
        await service.send('POST', `/sandbox/v1/users/${gwen}/${action}`, {
          token: await service.token('acme-integration'),
        }),
        401,
        /sandbox/,
      );
    }
    expect(
      UserSchema.parse(
        (await service.get(`/users/v1/users/${gwen}`, await service.token('globex-admin'))).body,
      ).deactivatedOn,
    ).toBeNull();
  });
});
