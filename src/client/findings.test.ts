import { describe, expect, vi } from 'vitest';
import { QcRequestListSchema } from '../contract/qc.ts';
import { SessionSchema } from '../contract/session.ts';
import { ApiError } from './api-error.ts';
import { findingsApi } from './findings.ts';
import { qcApi } from './qc.ts';
import { UNTIL } from '../service/testing/fixtures.ts';
import { clientTest as it } from './testing/fixtures.ts';

// The findings calls against the real gateway (its own routes, ADR 029) in front of the real
// service: a reviewer rejects with marks through decideQcRequest, the notary responsible
// disputes, a manager upholds, the notary cures, a manager hands another on.

const userId = async (browser: { request: (m: string, p: string) => Promise<{ body: unknown }> }) =>
  SessionSchema.parse((await browser.request('GET', '/session')).body).user?.id ?? '';

describe('findingsApi', () => {
  it('raises findings with marks, answers, settles, reassigns and counts them', async ({
    signIn,
  }) => {
    const riley = await signIn('acme-reviewer', (c) => ({
      qc: qcApi(c),
      findings: findingsApi(c),
    }));
    const alex = await signIn('acme-admin', findingsApi);
    const nora = await signIn('acme-notary', findingsApi);
    const noraId = await userId(nora.browser);
    const list = await riley.browser.request(
      'GET',
      '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=100',
    );
    const notaryOf = (r: { actors: { userId: string; roleId: string }[] }) =>
      r.actors.find((a) => a.roleId === 'notary')?.userId;
    const requests = QcRequestListSchema.parse(list.body).qcRequests;
    const request = requests.find((r) => notaryOf(r) === noraId);
    const other = requests.find((r) => notaryOf(r) !== noraId);
    if (!request || !other) throw new Error('no pending requests to reject');
    const [item] = request.checklistItems;
    const region = { page: 1, x: 72, y: 600, width: 200, height: 60 };

    const decided = await riley.api.qc.decideQcRequest(
      request.id,
      {
        status: 'rejected',
        reviewedBy: await userId(riley.browser),
        checklistItems: [{ id: item?.id ?? '', status: 'rejected', reviewerNote: 'Seal: p. 1' }],
      },
      { marks: { items: [{ itemId: item?.id ?? '', severity: 'critical', regions: [region] }] } },
    );
    expect(decided.status).toBe('rejected');

    const mine = await nora.api.listFindings({ mine: 'true', view: 'open' });
    const finding = mine.findings.find((f) => f.requestId === request.id);
    expect(finding).toMatchObject({ severity: 'critical', regions: [region], state: 'open' });
    expect(await nora.api.countMyFindings()).toEqual({ open: mine.findings.length, overdue: 0 });
    const id = finding?.id ?? '';
    expect((await alex.api.getFinding(id)).id).toBe(id);
    // The gateway keeps the document for her, once the decision is answered.
    await vi.waitFor(async () => expect(await nora.api.findingDocumentKept(id)).toBe(true), UNTIL);
    expect(await nora.api.findingDocumentKept(crypto.randomUUID())).toBe(false);

    await nora.api.answerFinding(id, { answer: 'disputed', note: 'The seal shows' });
    expect((await alex.api.settleFinding(id, { outcome: 'upheld', note: 'Cut off' })).state).toBe(
      'open',
    );
    expect((await nora.api.answerFinding(id, { answer: 'cured', note: '' })).state).toBe('cured');
    expect(await nora.api.countMyFindings()).toEqual({
      open: mine.findings.length - 1,
      overdue: 0,
    });

    // Wrong marks are a 400, and nothing is decided.
    await expect(
      riley.api.qc.decideQcRequest(
        other.id,
        { status: 'rejected', reviewedBy: await userId(riley.browser), notes: 'Resend' },
        { marks: { items: [{ itemId: crypto.randomUUID(), regions: [] }] } },
      ),
    ).rejects.toSatisfy(
      (error) =>
        error instanceof ApiError &&
        error.status === 400 &&
        /not on this QC request/.test(error.message),
    );

    // A second finding, handed by a manager to the reviewer.
    await riley.api.qc.decideQcRequest(other.id, {
      status: 'rejected',
      reviewedBy: await userId(riley.browser),
      checklistItems: [{ id: other.checklistItems[0]?.id ?? '', status: 'rejected' }],
    });
    const [second] = (await alex.api.listFindings({ requestId: other.id })).findings;
    const moved = await alex.api.reassignFinding(second?.id ?? '', {
      userId: await userId(riley.browser),
    });
    expect(moved.responsible).toEqual({ id: await userId(riley.browser), name: 'Riley Reviewer' });
    // A notary lists only their own.
    await expect(nora.api.listFindings()).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 403,
    );
  });
});
