import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../contract/team.ts';
import { DEFAULT_FINDING_SETTINGS, findingsOf } from './creation.ts';
import { createFindingStore } from './store.ts';
import { freshDatabases } from '../testing/database.ts';

// The store's own promises, which HTTP reaches only slowly or not at all: a decision's
// findings are kept once whatever retries, a change is saved over the version it read,
// overdue is counted against the time asked, feeds never see each other's rows.

const acme = { environment: 'production' as const, owner: 'acme' };
const staging = { environment: 'staging' as const, owner: 'acme' };
const riley = { id: 'u-riley', name: 'Riley Reviewer' };
const actors = [
  { userId: 'u-nora', roleId: 'notary' },
  { userId: 'u-alice', roleId: 'affiant' },
];

/** A rejection of `requestId` on `on` failing `failed` of three items. */
const rejection = (requestId: string, on: string, failed = 2): DecisionRecord => ({
  requestId,
  status: 'rejected',
  decidedBy: riley,
  decidedOn: on,
  items: ['Seal', 'Signature', 'Date'].map((name, i) => ({
    id: `${requestId}-i${i}`,
    displayName: name,
    status: i < failed ? 'rejected' : 'approved',
    group: i === 0 ? 'Notary' : 'Signing',
    roleId: i === 1 ? 'affiant' : 'reviewer',
  })),
  takeOvers: [],
  processName: 'Affidavit review',
  firmId: 'firm-1',
  actors,
});

const freshDb = freshDatabases();
const freshStore = async () => createFindingStore(await freshDb());
const made = (record: DecisionRecord, feed = acme) =>
  findingsOf(feed, record, DEFAULT_FINDING_SETTINGS, 'notary');

describe('the findings store', () => {
  it('keeps a decision’s findings once, however often they are added, per feed', async () => {
    const store = await freshStore();
    const record = rejection('r1', '2026-03-02T10:00:00.000Z');
    const at = Date.parse(record.decidedOn);
    const findings = made(record);
    expect(findings.map((f) => f.responsible?.id)).toEqual(['u-nora', 'u-alice']);
    expect(await store.add(acme, at, findings)).toHaveLength(2);
    expect(await store.add(acme, at, made(record))).toEqual([]);
    expect(await store.forRequest(acme, 'r1')).toHaveLength(2);
    expect(await store.forRequest(staging, 'r1')).toEqual([]);
    // The same request decided again later: its own findings.
    const again = rejection('r1', '2026-03-05T10:00:00.000Z', 1);
    expect(await store.add(acme, Date.parse(again.decidedOn), made(again))).toHaveLength(1);
    expect(await store.forRequest(acme, 'r1')).toHaveLength(3);
  });

  it('saves a change over the version it was read at only', async () => {
    const store = await freshStore();
    const record = rejection('r2', '2026-03-02T10:00:00.000Z', 1);
    const [finding] = made(record);
    if (!finding) throw new Error('no finding');
    await store.add(acme, Date.parse(record.decidedOn), [finding]);
    const read = await store.get(acme, finding.id);
    expect(read?.version).toBe(1);
    const cured = { ...finding, state: 'cured' as const };
    const disputed = { ...finding, state: 'disputed' as const };
    expect(await store.move(acme, 1, cured)).toBe(true);
    expect(await store.move(acme, 1, disputed)).toBe(false);
    expect((await store.get(acme, finding.id))?.finding.state).toBe('cured');
    expect(await store.get(staging, finding.id)).toBeUndefined();
  });

  it('counts the open and the overdue of a responsible party at the time asked', async () => {
    const store = await freshStore();
    // Monday: due Wednesday at the same time (two business days); Friday: due Tuesday.
    const monday = rejection('r3', '2026-03-02T10:00:00.000Z', 1);
    const friday = rejection('r4', '2026-03-06T10:00:00.000Z', 1);
    for (const record of [monday, friday]) {
      await store.add(acme, Date.parse(record.decidedOn), made(record));
    }
    const at = (iso: string) => Date.parse(iso);
    expect(await store.countFor(acme, 'u-nora', at('2026-03-04T09:59:00.000Z'))).toEqual({
      open: 2,
      overdue: 0,
    });
    expect(await store.countFor(acme, 'u-nora', at('2026-03-09T12:00:00.000Z'))).toEqual({
      open: 2,
      overdue: 1,
    });
    expect(await store.countOverdue(acme, at('2026-03-10T10:01:00.000Z'))).toBe(2);
    expect(await store.countFor(acme, 'u-alice', at('2026-03-10T10:01:00.000Z'))).toEqual({
      open: 0,
      overdue: 0,
    });
    const overdue = await store.list(
      acme,
      { view: 'overdue', responsible: 'u-nora' },
      at('2026-03-09T12:00:00.000Z'),
      10,
    );
    expect(overdue.findings.map((f) => f.requestId)).toEqual(['r3']);
  });

  it('lists soonest due first for work, newest first for the record, page by page', async () => {
    const store = await freshStore();
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    for (const [n, day] of days.entries()) {
      const record = rejection(`q${n}`, `${day}T10:00:00.000Z`, 1);
      await store.add(acme, Date.parse(record.decidedOn), made(record));
    }
    const now = Date.parse('2026-03-01T00:00:00.000Z');
    const first = await store.list(acme, { view: 'open' }, now, 3);
    expect(first.findings.map((f) => f.requestId)).toEqual(['q0', 'q1', 'q2']);
    expect(first.more).toBe(true);
    const last = first.findings.at(-1);
    const rest = await store.list(acme, { view: 'open' }, now, 3, {
      key: Date.parse(last?.dueOn ?? ''),
      id: last?.id ?? '',
    });
    expect(rest).toEqual({ findings: [expect.objectContaining({ requestId: 'q3' })], more: false });
    const newest = await store.list(acme, { view: 'all' }, now, 2);
    expect(newest.findings.map((f) => f.requestId)).toEqual(['q3', 'q2']);
    const facts = await store.factsBetween(
      acme,
      Date.parse('2026-03-03'),
      Date.parse('2026-03-05'),
    );
    expect(facts.map((f) => [f.requestId, f.severity, f.category])).toEqual([
      ['q1', 'major', 'Notary'],
      ['q2', 'major', 'Notary'],
    ]);
  });
});
