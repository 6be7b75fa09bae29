import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { openServiceContext } from '../server.ts';
import { decideQcRequest, getQcRow } from './decide.ts';
import { versionItems } from './qc-json.ts';
import { demoDataCopy, storedValue } from '../testing/service.ts';

// The decision as a domain function: no HTTP, the demo data's store, the rules of the contract.

let dir: string;
let ctx: ServiceContext;
beforeAll(async () => {
  dir = demoDataCopy('attest-decide-');
  ctx = await openServiceContext(dir, { log: () => {} });
});
afterAll(() => {
  ctx.db.close();
  rmSync(dir, { recursive: true, force: true });
});

const REVIEWER = () =>
  storedValue(ctx.db, "SELECT user_id FROM clients WHERE id = 'acme-reviewer'");

/** The n-th pending acme request and its checklist items. */
function pending(n: number) {
  const row = ctx.db
    .prepare(
      "SELECT id, checklist_version_id FROM qc_requests WHERE owner = 'acme' AND status = 'pending' ORDER BY created_on LIMIT 1 OFFSET ?",
    )
    .get(n) as { id: string; checklist_version_id: string };
  const version = ctx.db
    .prepare('SELECT items FROM checklist_versions WHERE id = ?')
    .get(row.checklist_version_id) as { items: string };
  return { id: row.id, items: versionItems(version.items) };
}

const documentReadyCount = () =>
  (
    ctx.db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE event_type = 'DOCUMENT_READY'")
      .get() as { n: number }
  ).n;

function refusal(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('decideQcRequest', () => {
  const decider = () => ({ owner: 'acme', userId: REVIEWER() });

  it('refuses an approval with an open item, naming it, and writes nothing', () => {
    const { id, items } = pending(0);
    const [first, ...rest] = items;
    const error = refusal(() =>
      decideQcRequest(ctx, decider(), id, {
        status: 'approved',
        reviewedBy: REVIEWER(),
        checklistItems: rest.map((item) => ({ id: item.id, status: 'approved' })),
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toContain(first?.displayName);
    expect(getQcRow(ctx, 'acme', id).status).toBe('pending');
  });

  it('refuses not applicable where the item does not allow it', () => {
    const { id, items } = pending(0);
    const strict = items.find((item) => !item.allowNA);
    if (!strict) throw new Error('every item allows N/A');
    const error = refusal(() =>
      decideQcRequest(ctx, decider(), id, {
        status: 'rejected',
        reviewedBy: REVIEWER(),
        notes: 'n/a',
        checklistItems: [{ id: strict.id, status: 'notApplicable' }],
      }),
    );
    expect(error.status).toBe(400);
    expect(getQcRow(ctx, 'acme', id).status).toBe('pending');
  });

  it('approves with every item passed, publishes DOCUMENT_READY, and refuses a second decision (409)', () => {
    const { id, items } = pending(1);
    const before = documentReadyCount();
    const decided = decideQcRequest(ctx, decider(), id, {
      status: 'approved',
      reviewedBy: REVIEWER(),
      checklistItems: items.map((item) => ({ id: item.id, status: 'approved' })),
    });
    expect(decided.status).toBe('approved');
    expect(decided.reviewed_by).toBe(REVIEWER());
    expect(documentReadyCount()).toBe(before + 1);
    const again = refusal(() =>
      decideQcRequest(ctx, decider(), id, {
        status: 'rejected',
        reviewedBy: REVIEWER(),
        notes: 'too late',
      }),
    );
    expect(again.status).toBe(409);
  });
});
