import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../contract/checks.ts';
import { freshDatabases } from '../testing/database.ts';
import { createDecisionLog } from '../reviews/decisions.ts';
import { CHECK_ATTEMPTS, createCheckStore } from './store.ts';

// The checks' queue on SQLite and PostgreSQL alike (ADR 042): newest first, an opened request
// first of all, one lease at a time per request, and a lease that runs out taken again (a
// process killed mid-read), up to CHECK_ATTEMPTS.

const database = freshDatabases();
const acme = { environment: 'production' as const, owner: 'acme' };
const globex = { environment: 'production' as const, owner: 'globex' };
const result = (requestId: string, version = '1.0'): CheckResult => ({
  requestId,
  checkedOn: '2026-12-02T10:00:00.000Z',
  checker: { version },
  items: [
    {
      itemId: 'i',
      itemName: 'Venue completed',
      check: 'venue',
      verdict: 'fail',
      reason: 'blank',
      regions: [],
    },
  ],
});

describe('the checks store', () => {
  it('leases newest first, an opened request before all, and only for the owners asked', async () => {
    let now = 1_000_000;
    const store = createCheckStore(await database(), () => now);
    await store.want(acme, ['r-new', 'r-old'], 0);
    now += 10;
    await store.want(globex, ['g-1'], 0);
    await store.want(acme, ['r-old'], 1);
    const first = await store.lease([acme], 60_000);
    expect(first?.requestId).toBe('r-old');
    const second = await store.lease([acme], 60_000);
    expect(second?.requestId).toBe('r-new');
    // Both acme's are leased; globex's is not acme's to take.
    expect(await store.lease([acme], 60_000)).toBeUndefined();
    expect((await store.lease([globex], 60_000))?.requestId).toBe('g-1');
  });

  it('reads what is on a screen now before what was on one earlier', async () => {
    let now = 1_000_000;
    const store = createCheckStore(await database(), () => now);
    await store.want(acme, ['shown-first'], 1);
    now += 10;
    await store.want(acme, ['shown-later'], 1);
    now += 10;
    // Shown again (a reviewer's screen asks once more): the latest again.
    await store.want(acme, ['shown-first'], 1);
    // Made known by a webhook only: after both, asked again or not.
    await store.want(acme, ['noticed', 'shown-later', 'noticed'], 0);
    const order = [];
    for (
      let lease = await store.lease([acme], 60_000);
      lease;
      lease = await store.lease([acme], 60_000)
    )
      order.push(lease.requestId);
    expect(order).toEqual(['shown-first', 'shown-later', 'noticed']);
  });

  it('gives a failed try back to be taken again later, its try counted, the others meanwhile', async () => {
    let now = 1_000_000;
    const store = createCheckStore(await database(), () => now);
    await store.want(acme, ['failing'], 1);
    await store.want(acme, ['other'], 0);
    const tried = await store.lease([acme], 60_000);
    expect(tried?.requestId).toBe('failing');
    await store.retryLater(tried!, 5_000);
    // Not before its time: the next lease is another's.
    expect((await store.lease([acme], 60_000))?.requestId).toBe('other');
    now += 4_999;
    expect(await store.lease([acme], 60_000)).toBeUndefined();
    now += 1;
    const again = await store.lease([acme], 60_000);
    expect(again).toMatchObject({ requestId: 'failing', attempts: 2 });
  });

  it('records under its lease only, and takes a lapsed lease again up to its attempts', async () => {
    let now = 1_000_000;
    const store = createCheckStore(await database(), () => now);
    await store.want(acme, ['r'], 0);
    const lost = await store.lease([acme], 1_000);
    expect(lost?.attempts).toBe(1);
    now += 1_001; // the process holding it died
    const again = await store.lease([acme], 1_000);
    expect(again?.attempts).toBe(2);
    // The first holder comes back too late: its result is not kept.
    expect(await store.record(lost!, 'doc', result('r'))).toBe(false);
    expect(await store.record(again!, 'doc', result('r'))).toBe(true);
    expect((await store.result(acme, 'r'))?.items[0]?.verdict).toBe('fail');
    expect(await store.result(globex, 'r')).toBeUndefined();
    const summaries = await store.summaries(acme, ['r']);
    expect(summaries.get('r')).toEqual({
      requestId: 'r',
      state: 'checked',
      failed: 1,
      unsure: 0,
      passed: 0,
    });

    await store.want(acme, ['dies'], 0);
    for (let i = 0; i < CHECK_ATTEMPTS; i++) {
      expect((await store.lease([acme], 1_000))?.requestId).toBe('dies');
      now += 1_001;
    }
    // A document that killed the reader every time is leased once more, to be given up on
    // (every item unsure, the document not read again), and never again once recorded.
    const last = await store.lease([acme], 1_000);
    expect(last?.attempts).toBe(CHECK_ATTEMPTS + 1);
    expect(await store.record(last!, '', result('dies'))).toBe(true);
    expect(await store.lease([acme], 1_000)).toBeUndefined();
    expect(await store.waiting()).toBe(0);
  });

  it('reads again what an older checker kept for a request not decided, its result standing meanwhile', async () => {
    let now = 1_000_000;
    const sql = await database();
    const store = createCheckStore(sql, () => now);
    const checked = async (id: string, version: string) => {
      now += 10; // each known later than the last: newest first is a known order
      await store.want(acme, [id], 0);
      const lease = await store.lease([acme], 1_000);
      expect(lease?.requestId).toBe(id);
      expect(await store.record(lease!, 'doc', result(id, version))).toBe(true);
    };
    await checked('pending', '1.0');
    await checked('decided', '1.0');
    await checked('gives-up', '1.0');
    await checked('current', '1.1');
    await createDecisionLog(sql).record(acme, {
      requestId: 'decided',
      status: 'approved',
      decidedBy: { id: 'u-1', name: 'Riley Reviewer' },
      decidedOn: '2026-12-02T11:00:00.000Z',
      items: [],
      takeOvers: [],
    });
    expect(await store.lease([acme], 1_000)).toBeUndefined();

    expect(await store.recheckOlder('1.1')).toBe(2);
    // Once is enough: a second process starting changes nothing.
    expect(await store.recheckOlder('1.1')).toBe(0);
    expect(await store.waiting()).toBe(2);
    // Meanwhile the old result is what the review and the queue show.
    expect((await store.result(acme, 'pending'))?.checker.version).toBe('1.0');
    expect((await store.summaries(acme, ['pending'])).get('pending')?.state).toBe('checked');
    // A request not checked yet goes first; then the ones to read again.
    await store.want(acme, ['new'], 0);
    const first = await store.lease([acme], 1_000);
    expect(first?.requestId).toBe('new');
    await store.record(first!, 'doc', result('new', '1.1'));
    // The newest first: its reader dies on every try (each lease lapses).
    for (let tries = 1; tries <= CHECK_ATTEMPTS; tries++) {
      const lease = await store.lease([acme], 1_000);
      expect(lease).toMatchObject({ requestId: 'gives-up', attempts: tries });
      now += 1_001;
    }
    // Given up on after its tries, not leased once more to be kept all unsure: the older one.
    const lease = await store.lease([acme], 1_000);
    expect(lease?.requestId).toBe('pending');
    expect(await store.record(lease!, 'doc', result('pending', '1.1'))).toBe(true);
    expect((await store.result(acme, 'pending'))?.checker.version).toBe('1.1');
    expect(await store.lease([acme], 1_000)).toBeUndefined();
    expect((await store.result(acme, 'gives-up'))?.checker.version).toBe('1.0');
    expect((await store.result(acme, 'decided'))?.checker.version).toBe('1.0');
    expect(await store.waiting()).toBe(0);
    expect(await store.recheckOlder('1.1')).toBe(0);
  });

  it('leaves the old result of a request decided after it was marked to read again', async () => {
    const sql = await database();
    const store = createCheckStore(sql, () => 1_000_000);
    await store.want(acme, ['r'], 0);
    const lease = await store.lease([acme], 1_000);
    await store.record(lease!, 'doc', result('r', '1.0'));
    expect(await store.recheckOlder('1.1')).toBe(1);
    expect(await store.waiting()).toBe(1);
    // Decided before the checker came to it: what its reviewer saw stays.
    await createDecisionLog(sql).record(acme, {
      requestId: 'r',
      status: 'approved',
      decidedBy: { id: 'u-1', name: 'Riley Reviewer' },
      decidedOn: '2026-12-02T11:00:00.000Z',
      items: [],
      takeOvers: [],
    });
    expect(await store.lease([acme], 1_000)).toBeUndefined();
    expect(await store.waiting()).toBe(0);
    expect((await store.result(acme, 'r'))?.checker.version).toBe('1.0');
  });

  it('gives a lease back untried when it has no session to read with', async () => {
    const store = createCheckStore(await database(), () => 1_000_000);
    await store.want(acme, ['r'], 0);
    const lease = await store.lease([acme], 60_000);
    await store.release(lease!);
    expect((await store.lease([acme], 60_000))?.attempts).toBe(1);
  });
});
