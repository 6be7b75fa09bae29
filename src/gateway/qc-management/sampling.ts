import type {
  ComparedItem,
  Sample,
  SampleState,
  SecondReviewBody,
} from '../../contract/qc-management.ts';
import type { DecisionRecord, TeamMember } from '../../contract/team.ts';
import type { GatewayContext } from '../context.ts';
import type { Feed } from '../events/event-log.ts';

// Second-level sampling (ADR 021): which approvals are sampled, what a second review makes
// of one, and what a sample shows to whom. Storage is store.ts, HTTP management.routes.ts.

/**
 * An approval just recorded: sampled with its process's share, at most once per request.
 * Answers the new sample, or undefined. A decision without items cannot be compared item by
 * item, so it is never sampled.
 */
export async function maybeSample(
  ctx: GatewayContext,
  feed: Feed,
  record: DecisionRecord,
): Promise<Sample | undefined> {
  if (record.status !== 'approved' || !record.processName || record.items.length === 0) return;
  const settings = await ctx.management.settingsNamed(feed, record.processName);
  if (!settings || settings.samplePercent <= 0) return;
  if (ctx.random() >= settings.samplePercent / 100) return;
  const sample: Sample = {
    requestId: record.requestId,
    sampledOn: record.decidedOn,
    state: 'open',
    processName: record.processName,
    ...(record.matterReference !== undefined && { matterReference: record.matterReference }),
    ...(record.firmId !== undefined && { firmId: record.firmId }),
    firstReview: record,
  };
  return (await ctx.management.addSample(feed, sample)) ? sample : undefined;
}

/**
 * What a sample shows: while open, nothing of the first review, to anyone, so the second
 * reviewer judges on their own.
 */
export const shown = (sample: Sample): Sample => {
  if (sample.state !== 'open') return sample;
  const blind = { ...sample };
  delete blind.firstReview;
  delete blind.comparison;
  return blind;
};

export type ReviewResult =
  { ok: true; sample: Sample } | { ok: false; status: 400 | 403 | 409; message: string };

/**
 * A second review of an open sample: a verdict for exactly the first review's items, each
 * once. The items agree when the verdicts are equal; the sample is flagged when the second
 * reviewer failed a check the first did not (that is what an admin must act on), and agreed
 * otherwise, other differences (say approved against not applicable) counted but not flagged.
 */
export function secondReview(
  sample: Sample,
  body: SecondReviewBody,
  by: TeamMember,
  on: string,
): ReviewResult {
  const first = sample.firstReview;
  if (sample.state !== 'open' || !first) {
    return { ok: false, status: 409, message: `this sample is already ${sample.state}` };
  }
  if (first.decidedBy.id === by.id) {
    return {
      ok: false,
      status: 403,
      message: 'the reviewer who approved it may not review it again',
    };
  }
  const given = new Map(body.items.map((item) => [item.id, item]));
  const same =
    given.size === body.items.length &&
    given.size === first.items.length &&
    first.items.every((item) => given.has(item.id));
  if (!same) {
    return {
      ok: false,
      status: 400,
      message: 'give a verdict for each item of the first review, once each, and no other',
    };
  }
  const comparison: ComparedItem[] = first.items.map((item) => {
    const second = given.get(item.id);
    if (!second) throw new Error('unreachable: every item was checked above');
    return {
      id: item.id,
      displayName: item.displayName,
      ...(item.status !== undefined && { first: item.status }),
      ...(item.reviewerNote !== undefined && { firstNote: item.reviewerNote }),
      second: second.verdict,
      ...(second.note !== undefined && { secondNote: second.note }),
      agree: item.status === second.verdict,
    };
  });
  const flagged = comparison.some((c) => c.second === 'rejected' && c.first !== 'rejected');
  const state: SampleState = flagged ? 'flagged' : 'agreed';
  const items = comparison.map((c) => ({
    id: c.id,
    displayName: c.displayName,
    verdict: c.second,
    ...(c.secondNote !== undefined && { note: c.secondNote }),
  }));
  const notes = body.notes?.trim();
  return {
    ok: true,
    sample: {
      ...sample,
      state,
      secondReview: { by, on, items, ...(notes && { notes }) },
      comparison,
    },
  };
}
