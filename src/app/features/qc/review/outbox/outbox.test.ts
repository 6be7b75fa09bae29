import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../client/api-error.ts';
import type { QcRequest, QcRequestPatch } from '../../../../../contract/qc.ts';
import { qcRequest } from '../../../../testing/qc.ts';
import { createOutbox, SENT_GRACE_MS, type Outbox, type Sent } from './outbox.ts';
import type { SendApi } from './outbox-send.ts';
import { createOutboxStore, entryKey, type OutboxEntry } from './outbox-store.ts';

const RILEY = '6b0d6a1e-5c55-4f0e-9a36-2d0c1f7f7a01';
const ALEX = '9c1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const riley = `user:${RILEY}`;
const alex = `user:${ALEX}`;

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(n: number, scope = riley, reviewedBy = RILEY): OutboxEntry {
  const patch: QcRequestPatch = { status: 'approved', reviewedBy, checklistItems: [] };
  return {
    key: entryKey(scope, idOf(n)),
    scope,
    requestId: idOf(n),
    matterReference: `MR-${n}`,
    patch,
    queuedOn: 0,
  };
}

const network = () => new ApiError({ code: 'network', status: 0, message: 'unreachable' });

/** A reference service in memory: a PATCH decides a pending request once, then 409. */
function memoryService() {
  const decided = new Map<string, QcRequest>();
  const sent: string[] = [];
  let reachable = true;
  const api: SendApi = {
    decide: async (id, patch) => {
      await Promise.resolve();
      if (!reachable) throw network();
      sent.push(id);
      if (decided.has(id)) {
        throw new ApiError({ code: 'http', status: 409, message: 'already decided' });
      }
      const saved = qcRequest(id, patch.status, patch.reviewedBy);
      decided.set(id, saved);
      return saved;
    },
    get: async (id) => {
      await Promise.resolve();
      if (!reachable) throw network();
      return decided.get(id) ?? qcRequest(id);
    },
  };
  return {
    api,
    sent,
    decided,
    offline: (off: boolean) => (reachable = !off),
  };
}

function setup(options: { now?: () => number; locks?: () => LockManager | undefined } = {}) {
  const factory = new IDBFactory();
  const store = createOutboxStore(() => factory);
  const service = memoryService();
  const outbox = createOutbox(store, service.api, { locks: () => undefined, ...options });
  return { store, service, outbox, factory };
}

const until = async (check: () => boolean | Promise<boolean>, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Runs riley's runner until it reports a send, then stops it: that send. */
async function firstSent(outbox: Outbox): Promise<Sent | undefined> {
  const heard: Sent[] = [];
  const stop = outbox.run(riley, (sent) => heard.push(sent));
  try {
    await until(() => heard.length === 1);
  } finally {
    stop();
  }
  return heard[0];
}

describe('the outbox store', () => {
  it('keeps entries per person, and removes them', async () => {
    const { store } = setup();
    await store.put(entry(1));
    await store.put(entry(2));
    await store.put(entry(1, alex, ALEX));
    expect((await store.list(riley)).map((e) => e.matterReference).sort()).toEqual([
      'MR-1',
      'MR-2',
    ]);
    expect((await store.list(alex)).map((e) => e.key)).toEqual([entryKey(alex, idOf(1))]);
    await store.remove(entry(1).key);
    expect(await store.get(entry(1).key)).toBeUndefined();
    expect(await store.get(entry(2).key)).toMatchObject({ patch: { status: 'approved' } });
  });

  it('outlives its connection: a second store over the same database reads it', async () => {
    const factory = new IDBFactory();
    await createOutboxStore(() => factory).put(entry(3));
    expect(await createOutboxStore(() => factory).list(riley)).toHaveLength(1);
  });
});

describe('submitting a decision', () => {
  it('is kept before it is sent, and gone once the service has it', async () => {
    const { store, service, outbox } = setup();
    const { kept, sent } = outbox.submit(entry(1));
    expect(outbox.ids(riley).has(idOf(1))).toBe(true);
    expect(await kept).toBe(true);
    const answer = await sent;
    expect(answer.outcome).toMatchObject({ kind: 'saved' });
    expect(await store.list(riley)).toEqual([]);
    expect(outbox.ids(riley).has(idOf(1))).toBe(false);
    expect(service.sent).toEqual([idOf(1)]);
  });

  it('stays kept, and shown as saving, when the service cannot be reached', async () => {
    const { store, service, outbox } = setup();
    service.offline(true);
    const answer = await outbox.submit(entry(1)).sent;
    expect(answer.outcome).toMatchObject({ kind: 'retry' });
    expect(await store.list(riley)).toMatchObject([{ requestId: idOf(1), sentOn: undefined }]);
    expect(outbox.ids(riley).has(idOf(1))).toBe(true);
  });
});

describe('the runner', () => {
  it('sends what a person left on the next load, asking first, and only theirs', async () => {
    const { store, service, outbox } = setup();
    await store.put(entry(1));
    await store.put(entry(2, alex, ALEX));
    expect((await firstSent(outbox))?.outcome).toMatchObject({ kind: 'saved' });
    expect(service.sent).toEqual([idOf(1)]);
    expect(await store.list(riley)).toEqual([]);
    expect(await store.list(alex)).toHaveLength(1);
  });

  it('sends nothing twice: a decision that got through before the reload is found, not resent', async () => {
    const { store, service, outbox } = setup();
    // The closed tab's keepalive request got there; its answer never came back.
    await service.api.decide(idOf(1), entry(1).patch, { keepalive: true });
    await store.put({ ...entry(1), sentOn: Date.now() - SENT_GRACE_MS - 1 });
    expect((await firstSent(outbox))?.outcome).toMatchObject({ kind: 'saved' });
    expect(service.sent).toEqual([idOf(1)]);
  });

  it("leaves a send another tab began moments ago to that tab's request, then asks", async () => {
    let now = 1_000_000;
    const { store, service, outbox } = setup({ now: () => now });
    await store.put({ ...entry(1), sentOn: now - SENT_GRACE_MS + 100 });
    const first = firstSent(outbox);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.sent).toEqual([]);
    now += 200;
    await first;
    expect(service.sent).toEqual([idOf(1)]);
  });

  it('counts as someone else’s decision a request another reviewer decided first', async () => {
    const { store, service, outbox } = setup();
    await service.api.decide(idOf(1), { ...entry(1).patch, reviewedBy: ALEX }, { keepalive: true });
    await store.put(entry(1));
    expect((await firstSent(outbox))?.outcome).toMatchObject({
      kind: 'conflict',
      request: { reviewedBy: ALEX },
    });
    expect(await store.list(riley)).toEqual([]);
  });

  it('leaves an entry another tab holds the lock of', async () => {
    const denied = {
      request: (_name: string, _options: unknown, run: (lock: null) => unknown) =>
        Promise.resolve(run(null)),
    } as unknown as LockManager;
    const { store, service, outbox } = setup({ locks: () => denied });
    await store.put(entry(1));
    const stop = outbox.run(riley, () => {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(service.sent).toEqual([]);
    expect(outbox.ids(riley).has(idOf(1))).toBe(true);
  });
});

describe('draining at sign-out', () => {
  it('sends what it can within the bound and answers what is left', async () => {
    const { store, service, outbox } = setup();
    await store.put(entry(1));
    expect(await outbox.drain(riley, 1_000)).toEqual([]);
    expect(service.decided.has(idOf(1))).toBe(true);

    service.offline(true);
    await store.put(entry(2));
    const left = await outbox.drain(riley, 200);
    expect(left.map((e) => e.matterReference)).toEqual(['MR-2']);
  });
});
