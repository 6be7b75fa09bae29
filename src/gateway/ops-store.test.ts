import { describe, expect, it } from 'vitest';
import type { Sample } from '../contract/qc-ops.ts';
import { createOpsStore } from './ops-store.ts';
import { openGatewayDb } from './store.ts';

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

describe('the ops store', () => {
  it('samples a request at most once, per feed', () => {
    const store = createOpsStore(openGatewayDb(null));
    expect(store.addSample(acme, open('r1', '2026-03-01T10:00:00.000Z'))).toBe(true);
    expect(store.addSample(acme, open('r1', '2026-03-02T10:00:00.000Z'))).toBe(false);
    expect(store.getSample(acme, 'r1')?.sampledOn).toBe('2026-03-01T10:00:00.000Z');
    expect(store.getSample(staging, 'r1')).toBeUndefined();
    expect(store.addSample(staging, open('r1', '2026-03-02T10:00:00.000Z'))).toBe(true);
  });

  it('moves a sample only from the state it is in', () => {
    const store = createOpsStore(openGatewayDb(null));
    const sample = open('r2', '2026-03-01T10:00:00.000Z');
    store.addSample(acme, sample);
    expect(store.moveSample(acme, 'open', { ...sample, state: 'agreed' })).toBe(true);
    expect(store.moveSample(acme, 'open', { ...sample, state: 'flagged' })).toBe(false);
    expect(store.getSample(acme, 'r2')?.state).toBe('agreed');
    expect(store.countSamples(acme, 'agreed')).toBe(1);
    expect(store.countSamples(staging, 'agreed')).toBe(0);
  });

  it('lists newest first and leaves a member’s own open samples out', () => {
    const store = createOpsStore(openGatewayDb(null));
    store.addSample(acme, open('old', '2026-03-01T10:00:00.000Z'));
    store.addSample(acme, open('new', '2026-03-03T10:00:00.000Z'));
    expect(store.listSamples(acme, 'open', 'someone').map((s) => s.requestId)).toEqual([
      'new',
      'old',
    ]);
    expect(store.listSamples(acme, 'all', by.id)).toEqual([]);
    const from = Date.parse('2026-03-02T00:00:00Z');
    expect(store.samplesBetween(acme, from, from + 86_400_000 * 2).map((s) => s.requestId)).toEqual(
      ['new'],
    );
  });

  it('finds settings by process name, the last saved when two share it', () => {
    const store = createOpsStore(openGatewayDb(null));
    const base = { processName: 'Deeds', targetAgeHours: null, samplePercent: 10, updatedBy: by };
    store.putSettings(acme, { ...base, processId: 'p1', updatedOn: '2026-03-01T00:00:00.000Z' });
    store.putSettings(acme, {
      ...base,
      processId: 'p2',
      samplePercent: 20,
      updatedOn: '2026-03-02T00:00:00.000Z',
    });
    expect(store.settingsNamed(acme, 'Deeds')?.processId).toBe('p2');
    expect(store.settingsNamed(staging, 'Deeds')).toBeUndefined();
    expect(store.listSettings(acme)).toHaveLength(2);
  });
});
