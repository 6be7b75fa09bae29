import { describe, expect } from 'vitest';
import { UNTIL, serviceTest as it } from '../../service/testing/fixtures.ts';
import { FINDING_EVENT, FindingChangeSchema } from '../../contract/findings.ts';
import { DatabaseUnavailableError, type Sql } from '../db/sql.ts';
import { pendingRequests, signedIn } from '../testing/fixtures.ts';
import { startHarness, type Browser, type Harness } from '../testing/harness.ts';
import { decide, findingsOf } from '../testing/findings.ts';
import type { QcRequest } from '../../contract/qc.ts';

// A rejection recorded again (ADR 020's retry, after the database failed part-way) makes
// its findings once (ADR 029): the finding is one per request, decision time and item.

const db = { down: false, loseNextFindingCommit: false, failNextFindingCommit: false };
const unavailable = () => new DatabaseUnavailableError('connection terminated (test)');

/**
 * The database as a flaky network shows it: down, a transaction that wrote findings
 * committed and its answer lost (a connection cut after COMMIT), or one cut before its COMMIT
 * (rolled back).
 */
function flaky(sql: Sql, wrote = { findings: false }): Sql {
  const guard = async <T>(text: string, run: () => Promise<T>): Promise<T> => {
    if (db.down) throw unavailable();
    if (/INSERT INTO qc_findings/.test(text)) wrote.findings = true;
    return run();
  };
  return {
    dialect: sql.dialect,
    all: (text, params) => guard(text, () => sql.all(text, params)),
    get: (text, params) => guard(text, () => sql.get(text, params)),
    run: (text, params) => guard(text, () => sql.run(text, params)),
    async transaction(work) {
      const inner = { findings: false };
      const result = await guard('', () =>
        sql.transaction(async (tx) => {
          const done = await work(flaky(tx, inner));
          if (inner.findings && db.failNextFindingCommit) {
            db.failNextFindingCommit = false;
            throw unavailable();
          }
          return done;
        }),
      );
      if (inner.findings && db.loseNextFindingCommit) {
        db.loseNextFindingCommit = false;
        throw unavailable();
      }
      return result;
    },
    close: () => sql.close(),
  };
}

let gateway: Harness;
let reviewer: Browser;
let admin: Browser;
let pending: QcRequest[];
let downOnPatch = false;

it.beforeAll(async ({ service }) => {
  gateway = await startHarness({ upstream: service.url, sql: flaky });
  gateway.intercept = (url, init) => {
    if (downOnPatch && init?.method === 'PATCH' && url.includes('/qc/v2/qc/requests/')) {
      db.down = true;
    }
    return undefined;
  };
  reviewer = await signedIn(gateway, 'acme-reviewer');
  admin = await signedIn(gateway, 'acme-admin');
  pending = await pendingRequests(admin, 3);
});
it.afterAll(async () => {
  db.down = false;
  await gateway.close();
});

describe('a rejection recorded again', () => {
  it('makes its findings once when they were written but the answer was lost', async () => {
    const request = pending[0] as QcRequest;
    const [first] = request.checklistItems;
    const marks = {
      items: [
        {
          itemId: first?.id ?? '',
          severity: 'critical' as const,
          regions: [{ page: 1, x: 10, y: 10, width: 50, height: 20 }],
        },
      ],
    };
    const stream = await admin.events();
    const raised = () =>
      stream.messages
        .filter((m) => m.event === FINDING_EVENT)
        .map((m) => FindingChangeSchema.parse(JSON.parse(m.data)))
        .filter((change) => change.kind === 'raised' && change.finding.requestId === request.id);
    db.loseNextFindingCommit = true;
    const decided = await decide(reviewer, request, { failing: 2, marks });
    expect(decided.status, decided.text).toBe(200);
    expect(gateway.logs.join('\n')).toMatch(/could not record the decision.*kept/);
    // Written already, so they show at once; the retry (after a second) must not add them again.
    expect(await findingsOf(admin, request.id)).toHaveLength(2);
    await expect
      .poll(() => gateway.logs.some((line) => /once the database was back/.test(line)), UNTIL)
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const findings = await findingsOf(admin, request.id);
    expect(findings).toHaveLength(2);
    // Screens heard of each once: the first attempt's commit went through unheard, the retry
    // that found them made told of them.
    stream.close();
    expect(
      raised()
        .map((change) => change.finding.id)
        .sort(),
    ).toEqual(findings.map((f) => f.id).sort());
    expect(findings.find((f) => f.itemId === first?.id)).toMatchObject({
      severity: 'critical',
      regions: marks.items[0]?.regions,
    });
  });

  it('tells screens of findings only once committed, when the first write was rolled back', async () => {
    const request = pending[2] as QcRequest;
    const stream = await admin.events();
    db.failNextFindingCommit = true;
    const decided = await decide(reviewer, request, { failing: 2 });
    expect(decided.status, decided.text).toBe(200);
    expect(gateway.logs.join('\n')).toMatch(/could not record the decision.*kept/);
    await expect.poll(async () => (await findingsOf(admin, request.id)).length, UNTIL).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    stream.close();
    const told = stream.messages
      .filter((m) => m.event === FINDING_EVENT)
      .map((m) => FindingChangeSchema.parse(JSON.parse(m.data)))
      .filter((change) => change.finding.requestId === request.id);
    // Once each: nothing of the attempt that was rolled back.
    expect(told.map((change) => change.kind)).toEqual(['raised', 'raised']);
    expect(new Set(told.map((change) => change.finding.id)).size).toBe(2);
  });

  it('makes them once the database is back, when it was down as the service decided', async () => {
    const request = pending[1] as QcRequest;
    downOnPatch = true;
    const decided = await decide(reviewer, request).finally(() => (downOnPatch = false));
    expect(decided.status, decided.text).toBe(200);
    db.down = false;
    await expect
      .poll(async () => (await findingsOf(admin, request.id)).length, { timeout: 5000 })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await findingsOf(admin, request.id)).toHaveLength(1);
  });
});
