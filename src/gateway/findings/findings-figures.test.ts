import { describe, expect } from 'vitest';
import { TeamStatsSchema } from '../../contract/qc-management.ts';
import { QcProcessListSchema, type QcRequest } from '../../contract/qc.ts';
import type { Browser, Harness } from '../testing/harness.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';
import { decide, findingsOf } from '../testing/findings.ts';

// The team view's findings figures over real HTTP (ADR 029): the critical defect rate is the
// share of decided requests with a critical finding not withdrawn, so a withdrawal moves it.

let gateway: Harness;
let riley: Browser;
let alex: Browser;
let nora: Browser;
let morgan: Browser;
let pending: QcRequest[];

const figures = async () => {
  const today = new Date(Date.now() + gateway.offset()).toISOString().slice(0, 10);
  const stats = await alex.request('GET', `/team/stats?from=${today}&to=${today}&tz=UTC`);
  expect(stats.status, stats.text).toBe(200);
  const findings = TeamStatsSchema.parse(stats.body).findings;
  if (!findings) throw new Error('no findings figures');
  return findings;
};

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  riley = await signedIn('acme-reviewer');
  alex = await signedIn('acme-admin');
  nora = await signedIn('acme-notary');
  morgan = await signedIn('acme-qc-manager');
  pending = await pendingRequests(alex, 3);
  // The first request's first item is critical in its process.
  const [first] = pending;
  const processes = await alex.request('GET', '/api/qc/v2/qc/processes?owner=acme&limit=100');
  const process = QcProcessListSchema.parse(processes.body).qcProcesses.find(
    (p) => p.displayName === first?.processName,
  );
  const saved = await alex.request('PUT', `/team/settings/${process?.id}`, {
    json: {
      targetAgeHours: null,
      samplePercent: 0,
      severities: { [first?.checklistItems[0]?.displayName ?? '']: 'critical' },
    },
  });
  expect(saved.status, saved.text).toBe(200);
});

describe('the critical defect rate', () => {
  it('counts requests with a critical finding not withdrawn; a withdrawal moves it', async () => {
    const [critical, major, approved] = pending as [QcRequest, QcRequest, QcRequest];
    expect((await decide(riley, critical)).status).toBe(200);
    // Raised to critical by the reviewer's mark, so it counts whatever its process says.
    const marks = {
      items: [
        { itemId: major.checklistItems[1]?.id ?? '', severity: 'critical' as const, regions: [] },
      ],
    };
    expect((await decide(riley, major, { failing: 2, marks })).status).toBe(200);
    expect((await decide(riley, approved, { status: 'approved' })).status).toBe(200);

    const before = await figures();
    expect(before.overall).toMatchObject({ decisions: 3, withDefect: 2, withCritical: 2 });
    expect(before.overall.criticalRate).toBeCloseTo(2 / 3);
    expect(before.trend.at(-1)).toMatchObject({ decisions: 3, withCritical: 2 });

    // Disputed and withdrawn: that request has no critical finding left.
    const [finding] = await findingsOf(alex, critical.id);
    const answered = await alex.request('POST', `/team/findings/${finding?.id}/answer`, {
      json: { answer: 'disputed', note: 'The seal is on p. 2' },
    });
    expect(answered.status, answered.text).toBe(200);
    // Four eyes: the manager who answered for the party responsible does not settle it.
    const settled = await morgan.request('POST', `/team/findings/${finding?.id}/settle`, {
      json: { outcome: 'withdrawn', note: 'It is' },
    });
    expect(settled.status, settled.text).toBe(200);
    const after = await figures();
    expect(after.overall).toMatchObject({ decisions: 3, withDefect: 1, withCritical: 1 });
    expect(after.overall.criticalRate).toBeCloseTo(1 / 3);
    expect(after.categories.reduce((n, c) => n + c.critical + c.major + c.minor, 0)).toBe(2);
    expect(after.overdue).toBe(0);
    // Figures are for managers.
    expect((await nora.request('GET', '/team/stats?from=2026-01-01&to=2026-01-01')).status).toBe(
      403,
    );
  });
});
