import { afterAll, describe, expect } from 'vitest';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import { demoClient } from '../../service/seed/demo-clients.ts';
import { demoRegions } from '../../service/seed/demo-regions.ts';
import type { QcRequest } from '../../contract/qc.ts';
import type { TestService } from '../../service/testing/service.ts';
import { createDecisionLog } from '../reviews/decisions.ts';
import { readDemoOwner, writeDemoHistory } from './demo-history.ts';
import { createManagementStore } from '../qc-management/store.ts';
import { createFindingStore } from '../findings/store.ts';
import { findingFigures } from '../findings/figures.ts';
import type { GatewayDatabase } from '../db/open.ts';
import { openTestDatabase } from '../testing/database.ts';

// The demo's QC history over the real service's API and the real gateway store: one record
// per decided request, settings and samples beside them, written once.

let service: TestService;
let db: GatewayDatabase;
let read: Awaited<ReturnType<typeof readDemoOwner>>;
const feed = { environment: 'production', owner: 'acme' } as const;
const regionsOf = (request: QcRequest, itemName: string) =>
  demoRegions(service.ctx, request.document.id, itemName);
const alex = () => ({
  id: [...read.names].find(([, name]) => name === 'Alex Admin')?.[0] ?? '',
  name: 'Alex Admin',
});

it.beforeAll(async ({ service: started }) => {
  service = started;
  db = await openTestDatabase();
  read = await readDemoOwner(service.url, demoClient('acme-admin'));
});
afterAll(async () => {
  await db.close();
});

describe('demo history', () => {
  it('records each decided request once, as the service answers it, and only once', async () => {
    const now = Date.parse('2026-11-01T09:00:00.000Z');
    const written = await writeDemoHistory(db.sql, {
      feed,
      ...read,
      admin: alex(),
      regionsOf,
      now,
    });
    const decided = read.requests.filter((r) => r.status !== 'pending');
    expect(decided.length).toBeGreaterThan(100);
    expect(written.decisions).toBe(decided.length);

    const log = createDecisionLog(db.sql);
    const all = await log.between(feed, 0, 8.64e15);
    expect(all).toHaveLength(decided.length);
    expect(new Set(all.map((r) => r.requestId)).size).toBe(decided.length);
    const rejected = decided.find((r) => r.status === 'rejected');
    if (!rejected) throw new Error('no rejection in the demo');
    const [record] = await log.forRequest(feed, rejected.id);
    expect(record).toMatchObject({
      status: 'rejected',
      decidedBy: { id: rejected.reviewedBy, name: read.names.get(rejected.reviewedBy ?? '') },
      decidedOn: rejected.reviewCompletedOn,
      openedOn: rejected.reviewStartedOn,
      notes: rejected.notes,
      processName: rejected.processName,
      matterReference: rejected.document.matterReference,
      firmId: rejected.document.firmId,
      actors: rejected.actors,
      takeOvers: [],
    });
    expect(record?.items.filter((i) => i.status === 'rejected').length).toBe(
      rejected.checklistItems.filter((i) => i.status === 'rejected').length,
    );
    // Other owners are untouched; a second start writes nothing.
    expect(await log.between({ ...feed, owner: 'globex' }, 0, 8.64e15)).toHaveLength(0);
    expect(await writeDemoHistory(db.sql, { feed, ...read, admin: alex(), now })).toEqual({
      decisions: 0,
      samples: 0,
      findings: 0,
      documents: 0,
    });
    expect(await log.between(feed, 0, 8.64e15)).toHaveLength(decided.length);
  });

  it('sets two processes and samples approvals: most agreed, a few flagged, one settled', async () => {
    const management = createManagementStore(db.sql);
    const settings = await management.listSettings(feed);
    expect(settings.map((s) => [s.processName, s.targetAgeHours, s.samplePercent])).toEqual([
      ['Affidavit review', 48, 10],
      ['Power of attorney review', 72, 0],
    ]);
    const samples = await management.listSamples(feed, 'all', '');
    const count = (state: string) => samples.filter((s) => s.state === state).length;
    expect(samples).toHaveLength(15);
    expect([count('open'), count('agreed'), count('flagged'), count('resolved')]).toEqual([
      3, 9, 2, 1,
    ]);
    for (const sample of samples) {
      const first = sample.firstReview;
      expect(first?.status).toBe('approved');
      expect(sample.secondReview?.by.id ?? '').not.toBe(first?.decidedBy.id);
    }
    const settled = samples.find((s) => s.state === 'resolved');
    expect(settled?.outcome?.by.name).toBe('Alex Admin');
    expect(
      settled?.comparison?.some((c) => c.first === 'approved' && c.second === 'rejected'),
    ).toBe(true);
  });

  it('raises findings of the rejections: critical ones, answers, settlements, the overdue, Nora’s open', async () => {
    const now = Date.parse('2026-11-01T09:00:00.000Z');
    const findings = createFindingStore(db.sql);
    const all = await findings.raisedBetween(feed, 0, 8.64e15);
    const rejected = read.requests.filter((r) => r.status === 'rejected');
    const failed = rejected.flatMap((r) => r.checklistItems.filter((i) => i.status === 'rejected'));
    expect(all).toHaveLength(failed.length);
    const count = (state: string) => all.filter((f) => f.state === state).length;
    for (const state of ['open', 'disputed', 'cured', 'withdrawn']) {
      expect(count(state), state).toBeGreaterThan(0);
    }
    expect(all.filter((f) => f.upheld).length).toBeGreaterThan(0);
    expect(all.filter((f) => f.severity === 'critical').length).toBeGreaterThan(5);
    // Each marks where its document shows what the check is about (demo-regions.ts).
    for (const f of all) {
      const request = read.requests.find((r) => r.id === f.requestId);
      expect(f.regions.length, f.itemName).toBeGreaterThan(0);
      expect(f.regions).toEqual(request && regionsOf(request, f.itemName));
    }
    // Every step is in its order, and none is in the future.
    for (const f of all) {
      const times = f.steps.map((s) => Date.parse(s.on));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(Math.max(...times)).toBeLessThan(now);
    }
    expect(await findings.countOverdue(feed, now)).toBeGreaterThan(0);
    const nora = [...read.names].find(([, name]) => name === 'Nora Notary')?.[0] ?? '';
    expect((await findings.countFor(feed, nora, now)).open).toBeGreaterThanOrEqual(3);
    // Each finding's document is kept, for the notary to see its page (ADR 029), byte for byte.
    for (const requestId of new Set(all.map((f) => f.requestId))) {
      expect(await findings.hasDocument(feed, requestId)).toBe(true);
    }
    const sample = rejected[0];
    if (!sample) throw new Error('no rejection');
    const kept = await findings.document(feed, sample.id);
    const served = new Uint8Array(await (await fetch(sample.fileUrl)).arrayBuffer());
    expect(Buffer.from(kept ?? []).equals(Buffer.from(served))).toBe(true);

    // The team view has a critical defect rate and a trend to draw.
    const log = createDecisionLog(db.sql);
    const figures = findingFigures({
      from: '2026-10-01',
      to: '2026-10-31',
      tz: 'UTC',
      decisions: await log.between(feed, 0, 8.64e15),
      findings: await findings.factsBetween(feed, 0, 8.64e15),
      overdue: 0,
      notaryRole: 'notary',
    });
    expect(figures.overall.criticalRate).toBeGreaterThan(0);
    expect(figures.overall.criticalRate).toBeLessThan(figures.overall.defectRate ?? 0);
    expect(figures.trend.filter((w) => w.decisions > 0).length).toBeGreaterThanOrEqual(4);
  });
});
