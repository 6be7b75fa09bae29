import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedactionListSchema } from '../contract/redactions.ts';
import { STRICT_PROFILE } from './profile.ts';
import { startTestService, type DemoTokens, type TestService } from './testing/service.ts';

// ADR 016: the spec-strict service shows only what the spec shows, so the console's strict
// e2e project proves it needs nothing else.

let service: TestService;
let tokens: DemoTokens;
beforeAll(async () => {
  service = await startTestService({ profile: STRICT_PROFILE });
  tokens = await service.tokens();
});
afterAll(() => service.close());

const CLAIMS = STRICT_PROFILE.claims;

/** The records of a list `path` gives acme's admin under `key`: at least one. */
async function listed(path: string, key: string): Promise<Record<string, unknown>[]> {
  const list = await service.get(path, tokens['acme-admin']);
  expect(list.status).toBe(200);
  const rows = (list.body as Record<string, Record<string, unknown>[]>)[key] ?? [];
  expect(rows.length).toBeGreaterThan(0);
  return rows;
}

describe('a spec-strict reference service', () => {
  it('names its claims other than the console defaults, and its tokens work', async () => {
    const claims = decodeJwt(tokens['acme-notary']);
    expect(claims[CLAIMS.owner]).toBe('acme');
    expect(claims[CLAIMS.user]).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims[CLAIMS.permissions]).toContain('signatures.write');
    expect(claims).not.toHaveProperty('owner');
    expect(claims).not.toHaveProperty('uid');
    expect(claims).not.toHaveProperty('perms');
    const users = await service.get('/users/v1/users?owner=acme&limit=1', tokens['acme-admin']);
    expect(users.status).toBe(200);
  });

  it('sends signature requests without the reference-only status and wetInk', async () => {
    const rows = await listed('/signatures/v2/requests?owner=acme&limit=20', 'signatureRequests');
    for (const row of rows) {
      expect(row).not.toHaveProperty('status');
      expect(row).not.toHaveProperty('wetInk');
      expect(Object.keys(row).sort()).toEqual(expect.arrayContaining(['createdOn', 'file', 'id']));
    }
    const one = await service.get(
      `/signatures/v2/requests/${String(rows[0]?.id)}`,
      tokens['acme-admin'],
    );
    expect(one.body).not.toHaveProperty('status');
    expect(one.body).toHaveProperty('file.templates');
  });

  it('sends entities without the reference-only createdOn', async () => {
    const accounts = await service.get(
      '/accounts/v1/accounts?owner=acme&limit=1',
      tokens['acme-admin'],
    );
    const account = (accounts.body as { accounts: { id: string }[] }).accounts[0];
    const rows = await listed(
      `/accounts/v1/accounts/${account?.id}/entities?owner=acme`,
      'entities',
    );
    for (const row of rows) {
      expect(row).not.toHaveProperty('createdOn');
      expect(row).toHaveProperty('entityId');
    }
  });

  // The spec names the redactions list key and shows no fields, so the strict service serves
  // the reference's, as it does for files, file requests and creditors.
  it('serves redactions with the reference fields, owner-scoped', async () => {
    const list = await service.get('/files/v1/redactions?owner=acme&limit=3', tokens['acme-admin']);
    expect(list.status).toBe(200);
    const { redactions } = RedactionListSchema.parse(list.body);
    expect(redactions).toHaveLength(3);
    expect(Object.keys(redactions[0] ?? {})).toEqual(
      expect.arrayContaining(['fileId', 'page', 'x', 'y', 'width', 'height', 'reason']),
    );
    const one = await service.get(
      `/files/v1/redactions/${redactions[0]?.id}`,
      tokens['globex-admin'],
    );
    expect(one.status).toBe(404);
  });

  it('has no sandbox routes', async () => {
    const info = await service.get('/sandbox/v1/info');
    expect(info.status).toBe(404);
    const reset = await service.send('POST', '/sandbox/v1/reset', { token: tokens['acme-admin'] });
    expect(reset.status).toBe(404);
  });

  it('presigns URLs on a storage origin of its own, which serves them; the API origin does not', async () => {
    expect(new URL(service.storageUrl).origin).not.toBe(new URL(service.url).origin);
    const { qcRequests } = (
      await service.get('/qc/v2/qc/requests?owner=acme&limit=1', tokens['acme-reviewer'])
    ).body as { qcRequests: { fileUrl: string }[] };
    const fileUrl = new URL(qcRequests[0]?.fileUrl ?? '');
    expect(fileUrl.origin).toBe(new URL(service.storageUrl).origin);
    const stored = await fetch(fileUrl);
    expect(stored.status).toBe(200);
    expect((await stored.text()).slice(0, 5)).toBe('%PDF-');
    const onApi = await fetch(`${service.url}${fileUrl.pathname}${fileUrl.search}`);
    expect(onApi.status).toBe(404);
  });
});
