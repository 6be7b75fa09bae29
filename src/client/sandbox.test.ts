import { describe, expect } from 'vitest';
import { ApiError } from './api-error.ts';
import { sandboxApi } from './sandbox.ts';
import { signaturesApi } from './signatures.ts';
import { adminApi, clientTest as it } from './testing/fixtures.ts';

const api = adminApi(sandboxApi);

describe('sandbox controls', () => {
  it('completes a signature request; its DOCUMENT_READY shows among the deliveries', async ({
    admin,
  }) => {
    const { signatureRequests } = await signaturesApi(admin.client).listSignatureRequests({
      owner: 'acme',
      status: 'pending',
      limit: 1,
    });
    const target = signatureRequests[0];
    if (!target) throw new Error('no pending request');
    const done = await api.completeSignatureRequest(target.id);
    expect(done).toMatchObject({ id: target.id, status: 'completed' });

    const { deliveries } = await api.listDeliveries({
      owner: 'acme',
      status: 'pending',
      limit: 10,
    });
    expect(deliveries.map((d) => d.id)).toContain(done.messageId);
    const delivery = await api.getDelivery(done.messageId);
    expect(delivery).toMatchObject({ id: done.messageId, eventType: 'DOCUMENT_READY' });
    expect(Array.isArray(delivery.attempts)).toBe(true);

    const again = await api.redeliver(done.messageId);
    expect(again).toMatchObject({ id: done.messageId, status: 'pending' });
  });

  it('advances the clock', async ({ admin }) => {
    const before = Date.parse((await api.advanceClock(1)).now);
    const { now } = await api.advanceClock(120);
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(120_000);
    expect(admin.calls.at(-1)?.headers.get('x-attest')).toBe('1');
  });

  it("revokes a client's tokens; another owner's client is 404", async ({ service }) => {
    const token = await service.token('acme-reviewer');
    const { revoked } = await api.revokeClient('acme-reviewer');
    expect(revoked).toBeGreaterThanOrEqual(1);
    expect((await service.get('/qc/v2/qc/requests?owner=acme', token)).status).toBe(401);
    const error = await api.revokeClient('globex-admin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404 });
  });

  // A reset draws the owner's whole demo again (a few hundred documents): on a busy two-core
  // machine, beside the rest of the suite, that takes more than the usual 20 s.
  it('resets the owner to the demo data', { timeout: 60_000 }, async () => {
    const result = await api.resetSandbox();
    expect(result.owner).toBe('acme');
    expect(result.removed).toBeGreaterThan(0);
    expect(Object.keys(result.restored).length).toBeGreaterThan(0);
  });
});
