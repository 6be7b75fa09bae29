import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_SECRETS, ownerSecrets } from '../../contract/testing/fixtures.ts';
import type { ServiceContext } from '../context.ts';
import { transaction } from '../store/transaction.ts';
import { startTestService, type TestService } from '../testing/service.ts';
import { publishDocumentReady } from './document-ready.ts';
import { publish } from './outbox.ts';
import { startReceiver, type Receiver, type ReceivedRequest } from '../testing/receiver.ts';

// ATTEST_WEBHOOK_SECRETS: each owner's deliveries are signed with that owner's secrets only,
// so a receiver can tell (by the secret it checks with) whose endpoint a delivery is for.

const { acme: ACME, acmeNext: ACME_NEXT, globex: GLOBEX } = OWNER_SECRETS;

let receiver: Receiver;
let service: TestService;

beforeAll(async () => {
  receiver = await startReceiver();
  service = await startTestService({
    webhook: {
      url: `${receiver.url}/{owner}`,
      // initech (added below) has none.
      secrets: ownerSecrets(),
    },
  });
});
afterAll(async () => {
  await service.close();
  await receiver.close();
});

function publishReady(ctx: ServiceContext, owner: string): string {
  const file = ctx.db
    .prepare('SELECT id, blob_key FROM files WHERE owner = ? ORDER BY id LIMIT 1')
    .get(owner) as { id: string; blob_key: string };
  return transaction(ctx.db, () => publishDocumentReady(ctx, owner, file.id, file.blob_key));
}

async function sent(id: string): Promise<ReceivedRequest> {
  await service.ctx.events.tick();
  const request = receiver.requests.find((r) => r.headers['hook-id'] === id);
  if (!request) throw new Error(`${id} was not sent`);
  return request;
}

/** Whether the delivery verifies with these secrets, as a Standard Webhooks receiver checks. */
function verifiesWith(secret: string, request: ReceivedRequest): boolean {
  const pick = (name: string) => String(request.headers[`hook-${name}`]);
  try {
    new Webhook(secret).verify(request.body, {
      'webhook-id': pick('id'),
      'webhook-timestamp': pick('timestamp'),
      'webhook-signature': pick('signature'),
    });
    return true;
  } catch {
    return false;
  }
}

describe('per-owner signing secrets', () => {
  it("signs each owner's delivery with that owner's secrets, one signature each", async () => {
    const forAcme = await sent(publishReady(service.ctx, 'acme'));
    expect(forAcme.path).toBe('/webhooks/acme');
    expect(String(forAcme.headers['hook-signature']).split(' ')).toHaveLength(2);
    expect(verifiesWith(ACME, forAcme)).toBe(true);
    expect(verifiesWith(ACME_NEXT, forAcme)).toBe(true);
    expect(verifiesWith(GLOBEX, forAcme)).toBe(false);

    const forGlobex = await sent(publishReady(service.ctx, 'globex'));
    expect(forGlobex.path).toBe('/webhooks/globex');
    expect(String(forGlobex.headers['hook-signature']).split(' ')).toHaveLength(1);
    expect(verifiesWith(GLOBEX, forGlobex)).toBe(true);
    expect(verifiesWith(ACME, forGlobex)).toBe(false);
  });

  it('sends nothing for an owner without a secret: a failed attempt, retried on schedule', async () => {
    // An owner the configuration does not name (seeded later, say).
    const id = transaction(service.ctx.db, () => {
      service.ctx.db.prepare("INSERT INTO owners (id, name) VALUES ('initech', 'Initech')").run();
      return publish(service.ctx, 'initech', 'ADDRESS_CHANGE', { crid: 'I-1' });
    });
    await service.ctx.events.tick();
    expect(receiver.requests.some((r) => r.headers['hook-id'] === id)).toBe(false);
    const row = service.ctx.db
      .prepare('SELECT status, attempts, next_attempt_on FROM outbox WHERE id = ?')
      .get(id) as { status: string; attempts: number; next_attempt_on: string };
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    const attempt = service.ctx.db
      .prepare('SELECT url, status_code, error FROM delivery_attempts WHERE message_id = ?')
      .get(id);
    expect(attempt).toEqual({
      url: `${receiver.url}/initech`,
      status_code: null,
      error: 'no signing secret is configured for owner initech',
    });
  });
});
