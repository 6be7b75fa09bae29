import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CompleteSignatureRequestResultSchema,
  DeliveryDetailSchema,
  DeliveryListSchema,
  RedeliverResultSchema,
  type DeliveryList,
} from '../../contract/sandbox.ts';
import { publishDocumentReady } from '../events/document-ready.ts';
import { startServiceWithReceiver, type Receiver } from '../testing/receiver.ts';
import { transaction } from '../store/transaction.ts';
import { expectError, readOk, type TestService } from '../testing/service.ts';

let answer = 500;
let receiver: Receiver;
let close: () => Promise<void>;
let service: TestService;
let admin: string;
let globex: string;
let messageId: string;

beforeAll(async () => {
  ({ receiver, service, close } = await startServiceWithReceiver(
    'deliveries test secret',
    () => answer,
  ));
  [admin, globex] = await Promise.all([service.token('acme-admin'), service.token('globex-admin')]);
});
afterAll(() => close());

const list = (query: string, token = admin): Promise<DeliveryList> =>
  readOk(service, `/sandbox/v1/deliveries?${query}`, token, DeliveryListSchema);
const detail = (id: string) =>
  readOk(service, `/sandbox/v1/deliveries/${id}`, admin, DeliveryDetailSchema);

const redeliver = (id: string, token = admin) =>
  service.send('POST', `/sandbox/v1/deliveries/${id}/redeliver`, { token });

const advance = (seconds: number) =>
  service.send('POST', '/sandbox/v1/clock/advance', { token: admin, json: { seconds } });

function publish(owner: string): string {
  const file = service.ctx.db
    .prepare('SELECT id, blob_key FROM files WHERE owner = ? ORDER BY id LIMIT 1')
    .get(owner) as { id: string; blob_key: string };
  return transaction(service.ctx.db, () =>
    publishDocumentReady(service.ctx, owner, file.id, file.blob_key),
  );
}

describe('deliveries through the sandbox', () => {
  it('lists a failed attempt, and the clock advance runs the retries', async () => {
    const request = service.ctx.db
      .prepare("SELECT id FROM signature_requests WHERE owner = 'acme' AND status = 'pending'")
      .get() as { id: string };
    const completed = await service.send(
      'POST',
      `/sandbox/v1/signature-requests/${request.id}/complete`,
      { token: admin },
    );
    messageId = CompleteSignatureRequestResultSchema.parse(completed.body).messageId;
    await service.ctx.events.tick();
    const ticked = service.ctx.clock.now().getTime();

    const { deliveries } = await list('owner=acme');
    const first = deliveries.find((d) => d.id === messageId);
    expect(first).toMatchObject({
      eventType: 'DOCUMENT_READY',
      status: 'pending',
      attemptCount: 1,
      lastAttempt: { attempt: 1, statusCode: 500, error: null, url: receiver.url },
    });
    const attempted = Date.parse(first?.lastAttempt?.attemptedOn ?? '');
    // The 5 s delay runs from the end of the failed attempt: between its start and the end of
    // the tick that made it, however long that took.
    expect(Date.parse(first?.nextAttemptOn ?? '') - attempted).toBeGreaterThanOrEqual(5000);
    expect(Date.parse(first?.nextAttemptOn ?? '') - ticked).toBeLessThanOrEqual(5000);

    expect((await advance(5)).status).toBe(200);
    expect(receiver.requests.filter((r) => r.headers['hook-id'] === messageId)).toHaveLength(2);
    answer = 200;
    await advance(60);
    const settled = await detail(messageId);
    expect(settled).toMatchObject({ status: 'delivered', attemptCount: 3, nextAttemptOn: null });
    expect(settled.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(Date.parse(settled.deliveredOn ?? '')).toBeGreaterThanOrEqual(
      Date.parse(settled.attempts[2]?.attemptedOn ?? 'x'),
    );
  });

  it('redelivers a delivered message with the same hook-id and a fresh round', async () => {
    const sent = receiver.requests.length;
    const result = await redeliver(messageId);
    expect(result.status, result.text).toBe(202);
    const body = RedeliverResultSchema.parse(result.body);
    expect(body).toMatchObject({ id: messageId, status: 'pending' });
    await service.ctx.events.tick();
    expect(receiver.requests).toHaveLength(sent + 1);
    expect(receiver.requests.at(-1)?.headers['hook-id']).toBe(messageId);
    const after = await detail(messageId);
    expect(after).toMatchObject({ status: 'delivered', attemptCount: 1 });
    expect(after.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 1]);
  });

  it('filters by status', async () => {
    answer = 500;
    const pending = publish('acme');
    await service.ctx.events.tick();
    const delivered = await list('owner=acme&status=delivered');
    expect(delivered.deliveries.map((d) => d.id)).toContain(messageId);
    expect(delivered.deliveries.every((d) => d.status === 'delivered')).toBe(true);
    expect((await list('owner=acme&status=failed')).deliveries).toEqual([]);
    expect(delivered.deliveries.map((d) => d.id)).not.toContain(pending);
    const waiting = await list('owner=acme&status=pending');
    expect(waiting.deliveries.map((d) => d.id)).toEqual([pending]);
    expectError(
      await service.get('/sandbox/v1/deliveries?owner=acme&status=lost', admin),
      400,
      /status/,
    );
  });

  it('pages newest first by keyset cursors, and backwards on request', async () => {
    for (let i = 0; i < 4; i += 1) publish('acme');
    const all = await list('owner=acme&limit=500');
    const ids: string[] = [];
    let page = await list('owner=acme&limit=2');
    ids.push(...page.deliveries.map((d) => d.id));
    while (page.pagination.nextCursor) {
      page = await list(`owner=acme&limit=2&cursor=${page.pagination.nextCursor}`);
      ids.push(...page.deliveries.map((d) => d.id));
    }
    expect(ids).toEqual(all.deliveries.map((d) => d.id));
    expect(new Set(ids).size).toBe(all.pagination.totalCount);
    expect(all.pagination.totalCount).toBeGreaterThanOrEqual(6);
    const created = all.deliveries.map((d) => d.createdOn);
    expect(created).toEqual([...created].sort().reverse());
    const asc = await list('owner=acme&limit=500&orderDirection=asc');
    expect(asc.deliveries.map((d) => d.id)).toEqual([...ids].reverse());
  });

  it('refuses a tampered cursor, or one reused with another filter', async () => {
    const { pagination } = await list('owner=acme&limit=1');
    const cursor = pagination.nextCursor;
    expectError(
      await service.get(`/sandbox/v1/deliveries?owner=acme&limit=1&cursor=${cursor}x`, admin),
      400,
      /cursor/,
    );
    expectError(
      await service.get(
        `/sandbox/v1/deliveries?owner=acme&limit=1&status=pending&cursor=${cursor}`,
        admin,
      ),
      400,
      /cursor/,
    );
  });

  it('needs the owner parameter, and only the caller’s own', async () => {
    expectError(await service.get('/sandbox/v1/deliveries', admin), 400, /owner/);
    expectError(await service.get('/sandbox/v1/deliveries?owner=globex', admin), 401, /globex/);
  });

  it("keeps owners apart: globex sees and moves none of acme's messages", async () => {
    const theirs = publish('globex');
    const globexList = await list('owner=globex', globex);
    expect(globexList.deliveries.map((d) => d.id)).toContain(theirs);
    expect(globexList.deliveries.map((d) => d.id)).not.toContain(messageId);
    expect((await list('owner=acme')).deliveries.map((d) => d.id)).not.toContain(theirs);

    const before = await detail(messageId);
    expectError(await service.get(`/sandbox/v1/deliveries/${messageId}`, globex), 404, /not found/);
    expectError(await redeliver(messageId, globex), 404, /not found/);
    expect(await detail(messageId)).toEqual(before);
  });

  it.each([
    ['an unknown', 'msg_doesNotExist', 404, /not found/],
    ['a malformed', 'not-a-message', 400, /message id/],
  ])('answers %s id with %i on detail and redeliver', async (_, id, status, message) => {
    expectError(await service.get(`/sandbox/v1/deliveries/${id}`, admin), status, message);
    const before = service.ctx.db.prepare('SELECT * FROM outbox ORDER BY id').all();
    expectError(await redeliver(id), status, message);
    expect(service.ctx.db.prepare('SELECT * FROM outbox ORDER BY id').all()).toEqual(before);
  });
});
