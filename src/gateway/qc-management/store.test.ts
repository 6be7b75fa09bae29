import { describe, expect, it } from 'vitest';
import type { Sample } from '../../contract/qc-management.ts';
import { createManagementStore } from './store.ts';
import { freshDatabases } from '../testing/database.ts';

// The store's own promises, which HTTP cannot reach: a request is sampled once, two second
// reviewers cannot both move a sample, and feeds never see each other's rows.

const acme = { environment: 'production' as const, owner: 'acme' };
const staging = { environment: 'staging' as const, owner: 'acme' };
const by = { id: 'u-1', name: 'Riley' };

const open = (requestId: string, on: string): Sample => ({
  requestId,
  sampledOn: on,
  state: 'open',
  firstReview: {
    requestId,
    status: 'approved',
    decidedBy: by,
    decidedOn: on,
    items: [{ id: 'i1', displayName: 'Seal', status: 'approved' }],
    takeOvers: [],
  },
});

const freshDb = freshDatabases();
/** The store over a fresh database on this run's engine. */
const freshStore = async () => createManagementStore(await freshDb());

describe('the management store', () => {
  it('samples a request at most once, per feed', async () => {
    const store = await freshStore();
    expect(await store.addSample(acme, open('r1', '2026-03-01T10:00:00.000Z'))).toBe(true);
    expect(await store.addSample(acme, open('r1', '2026-03-02T10:00:00.000Z'))).toBe(false);
    expect((await store.getSample(acme, 'r1'))?.sampledOn).toBe('2026-03-01T10:00:00.000Z');
    expect(await store.getSample(staging, 'r1')).toBeUndefined();
    expect(await store.addSample(staging, open('r1', '2026-03-02T10:00:00.000Z'))).toBe(true);
  });

  it('moves a sample only from the state it is in', async () => {
    const store = await freshStore();
    const sample = open('r2', '2026-03-01T10:00:00.000Z');
    await store.addSample(acme, sample);
    expect(await store.moveSample(acme, 'open', { ...sample, state: 'agreed' })).toBe(true);
    expect(await store.moveSample(acme, 'open', { ...sample, state: 'flagged' })).toBe(false);
    expect((await store.getSample(acme, 'r2'))?.state).toBe('agreed');
    expect(await store.countSamples(acme, 'agreed')).toBe(1);
    expect(await store.countSamples(staging, 'agreed')).toBe(0);
  });

  it('lists newest first and leaves a member’s own open samples out', async () => {
    const store = await freshStore();
    await store.addSample(acme, open('old', '2026-03-01T10:00:00.000Z'));
    await store.addSample(acme, open('new', '2026-03-03T10:00:00.000Z'));
    expect((await store.listSamples(acme, 'open', 'someone')).map((s) => s.requestId)).toEqual([
      'new',
      'old',
    ]);
    expect(await store.listSamples(acme, 'all', by.id)).toEqual([]);
    const from = Date.parse('2026-03-02T00:00:00Z');
    expect(
      (await store.samplesBetween(acme, from, from + 86_400_000 * 2)).map((s) => s.requestId),
    ).toEqual(['new']);
  });

  it('finds settings by process name, the last saved when two share it', async () => {
    const store = await freshStore();
    const base = { processName: 'Deeds', targetAgeHours: null, samplePercent: 10, updatedBy: by };
    await store.putSettings(acme, {
      ...base,
      processId: 'p1',
      updatedOn: '2026-03-01T00:00:00.000Z',
    });
    await store.putSettings(acme, {
      ...base,
      processId: 'p2',
      samplePercent: 20,
      updatedOn: '2026-03-02T00:00:00.000Z',
    });
    expect((await store.settingsNamed(acme, 'Deeds'))?.processId).toBe('p2');
    expect(await store.settingsNamed(staging, 'Deeds')).toBeUndefined();
    expect(await store.listSettings(acme)).toHaveLength(2);
  });
});
