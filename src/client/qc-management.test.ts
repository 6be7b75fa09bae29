import { describe, expect } from 'vitest';
import { QcProcessListSchema, QcRequestSchema } from '../contract/qc.ts';
import { SessionSchema } from '../contract/session.ts';
import { ApiError } from './api-error.ts';
import { managementApi } from './qc-management.ts';
import { clientTest as it, pendingRequests } from './testing/fixtures.ts';

// The console's QC management calls against the real gateway (its own routes, not proxied)
// in front of the real service: a manager samples a process, a reviewer approves, the
// manager reviews it again, settles the flag and reads the figures.

describe('managementApi', () => {
  it('sets a sample, reviews a sampled approval again, settles it and counts it', async ({
    signIn,
  }) => {
    const riley = await signIn('acme-reviewer', managementApi);
    const alex = await signIn('acme-admin', managementApi);
    const [pending] = await pendingRequests(riley.browser, 1);
    const processes = await alex.browser.request('GET', '/api/qc/v2/qc/processes?owner=acme');
    const process = QcProcessListSchema.parse(processes.body).qcProcesses.find(
      (p) => p.displayName === pending?.processName,
    );
    const id = pending?.id ?? '';

    const saved = await alex.api.putSettings(process?.id ?? '', {
      targetAgeHours: 8,
      samplePercent: 100,
    });
    expect(saved.processName).toBe(pending?.processName);
    expect((await riley.api.getSettings()).processes).toEqual([saved]);
    await expect(
      riley.api.putSettings(process?.id ?? '', { targetAgeHours: null, samplePercent: 1 }),
    ).rejects.toSatisfy((error) => error instanceof ApiError && error.status === 403);

    const session = SessionSchema.parse((await riley.browser.request('GET', '/session')).body);
    const request = QcRequestSchema.parse(
      (await riley.browser.request('GET', `/api/qc/v2/qc/requests/${id}`)).body,
    );
    const approved = await riley.browser.request('PATCH', `/api/qc/v2/qc/requests/${id}`, {
      json: {
        status: 'approved',
        reviewedBy: session.user?.id,
        checklistItems: request.checklistItems.map((item) => ({ id: item.id, status: 'approved' })),
      },
    });
    expect(approved.status).toBe(200);

    expect((await riley.api.listSamples()).samples).toEqual([]);
    const [open] = (await alex.api.listSamples('open')).samples;
    expect(open).toMatchObject({ requestId: id, state: 'open' });
    expect((await alex.api.getSample(id)).firstReview).toBeUndefined();

    const flagged = await alex.api.putSecondReview(id, {
      items: request.checklistItems.map((item, i) => ({
        id: item.id,
        verdict: i === 0 ? 'rejected' : 'approved',
      })),
    });
    expect(flagged.state).toBe('flagged');
    const resolved = await alex.api.putOutcome(id, { action: 'keep', note: 'Within tolerance' });
    expect(resolved.outcome?.action).toBe('keep');

    const today = new Date().toISOString().slice(0, 10);
    const stats = await alex.api.getTeamStats({ from: today, to: today, tz: 'UTC' });
    expect(stats.team.decisions).toBe(1);
    expect(stats.calibration.reviewers[0]?.secondReviewed).toBe(1);
  });
});
