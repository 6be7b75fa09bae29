import type { DecisionMarks } from '../../contract/findings.ts';
import { QcRequestPatchSchema, QcRequestSchema, type QcRequest } from '../../contract/qc.ts';
import {
  memberIdOf,
  QUEUE_EVENT,
  type DecisionRecord,
  type QueueChange,
  type TeamMember,
} from '../../contract/team.ts';
import type { GatewayContext } from '../context.ts';
import type { Feed } from '../events/event-log.ts';
import { grantedPermissions } from '../session/identity.ts';
import { maybeSample } from '../qc-management/sampling.ts';
import { raiseFindings } from '../findings/creation.ts';
import type { SessionRecord } from '../session/sessions.ts';

// What the QC team's state (holds, the decision history, samples) makes of a session and of
// a decision the proxy saw the service accept. HTTP is in reviews.routes.ts and management.routes.ts.

export const feedOf = (session: SessionRecord): Feed => ({
  environment: session.environment,
  owner: session.owner,
});

export const memberOf = (session: SessionRecord): TeamMember => ({
  id: memberIdOf(session),
  name: session.user?.displayName ?? session.clientId,
});

/**
 * Who may release anyone's hold, export the history, change the sampling, settle a sample
 * and read the team's figures: a QC manager (`qc.manage`). A token without a permissions
 * claim is one only when ATTEST_ASSUME_PERMISSIONS says so (identity.ts).
 */
export const isQcManager = (ctx: Pick<GatewayContext, 'identity'>, session: SessionRecord) =>
  grantedPermissions(ctx.identity, session.permissions).includes('qc.manage');

/**
 * Who may see the team's state at all (holds, history, settings, samples, the queue's news
 * on the event stream): whoever may read QC requests at the service, a reviewer or a manager.
 * A notary, who signs and reviews nothing, sees none of the reviewers' names or notes.
 */
export const isQcReader = (ctx: Pick<GatewayContext, 'identity'>, session: SessionRecord) => {
  const granted = grantedPermissions(ctx.identity, session.permissions);
  return granted.includes('qc.review') || granted.includes('qc.manage');
};

export function publishQueueChange(ctx: GatewayContext, feed: Feed, change: QueueChange): void {
  ctx.hub.notify(feed, QUEUE_EVENT, change);
}

/** `PATCH /api/qc/v2/qc/requests/{id}`: the one call that decides a QC request. */
const DECIDE_PATH = /^\/api\/qc\/v2\/qc\/requests\/([0-9a-fA-F-]{36})\/?$/;

export function decidedRequestId(method: string, pathname: string): string | undefined {
  return method === 'PATCH' ? DECIDE_PATH.exec(pathname)?.[1]?.toLowerCase() : undefined;
}

/**
 * Who else has the hold on `requestId`, when someone does: a decision then waits for a
 * take-over (ADR 020: reviewers never collide), whoever sends it, the console or a script.
 */
export async function heldByAnother(
  ctx: GatewayContext,
  session: SessionRecord,
  requestId: string,
): Promise<TeamMember | undefined> {
  const hold = await ctx.holds.get(feedOf(session), requestId);
  return hold && hold.holder.id !== memberOf(session).id ? hold.holder : undefined;
}

/** Who decided, as the history keeps it: their feed and the member they are. */
export interface Decider {
  feed: Feed;
  member: TeamMember;
}

export const deciderOf = (session: SessionRecord): Decider => ({
  feed: feedOf(session),
  member: memberOf(session),
});

/** A decided request's checks as its decision record keeps them. */
export const recordedItems = (request: QcRequest): DecisionRecord['items'] =>
  request.checklistItems.map((item) => ({
    id: item.id,
    displayName: item.displayName,
    ...(item.status && { status: item.status }),
    ...(item.reviewerNote && { reviewerNote: item.reviewerNote }),
    group: item.group,
    roleId: item.roleId,
  }));

/**
 * What the request was, for the team's figures and the sampling (ADR 021), and whom its
 * findings are for (ADR 029).
 */
export const requestContext = (request: QcRequest) => ({
  processName: request.processName,
  matterReference: request.document.matterReference,
  firmId: request.document.firmId,
  actors: request.actors,
  ...(request.document.signedBy && { signedBy: request.document.signedBy }),
});

/**
 * The history's record of a decision the service accepted at `at` (epoch ms), or undefined
 * when neither the answer nor the body says what was decided. What was decided is read from
 * the service's answer (the spec's QC request); the body sent is the fallback for the
 * verdict, since the spec does not say which of its fields decides. Reads the decider's
 * hold and the take-overs, so it needs the database. `marks` are the reviewer's, as checked
 * before the service saw the decision (ADR 029).
 */
export async function decisionRecord(
  ctx: GatewayContext,
  { feed, member }: Decider,
  requestId: string,
  sent: unknown,
  answered: unknown,
  at: number,
  marks?: DecisionMarks,
): Promise<DecisionRecord | undefined> {
  const request = QcRequestSchema.safeParse(answered);
  const body = QcRequestPatchSchema.safeParse(sent);
  const status =
    request.success && request.data.status !== 'pending'
      ? request.data.status
      : body.success
        ? body.data.status
        : undefined;
  if (!status) return undefined;
  const hold = await ctx.holds.get(feed, requestId);
  const opened = hold?.holder.id === member.id ? hold.heldSince : undefined;
  const items = request.success ? recordedItems(request.data) : [];
  const notes = request.success ? request.data.notes : body.success ? body.data.notes : undefined;
  const context = request.success ? requestContext(request.data) : {};
  return {
    requestId,
    status,
    decidedBy: member,
    decidedOn: new Date(at).toISOString(),
    ...(opened && { openedOn: opened }),
    items,
    ...(notes && { notes }),
    takeOvers: await ctx.holds.takeOvers(feed, requestId),
    ...context,
    ...(marks && marks.items.length > 0 && { marks }),
  };
}

/**
 * A decision goes into the history, the hold on its request ends, every open queue of the
 * owner hears of it, a rejection's failed items become findings (ADR 029), and an approval
 * may be sampled. Each step may be run again with the same record (a retry after the
 * database failed part-way): the history keeps it once, a finding is made once, a request is
 * sampled once, and a hold already ended stays ended.
 */
export async function applyDecision(
  ctx: GatewayContext,
  { feed, member }: Decider,
  record: DecisionRecord,
): Promise<void> {
  const { requestId, status } = record;
  await ctx.decisions.record(feed, record);
  await ctx.holds.release(feed, requestId, member, true);
  publishQueueChange(ctx, feed, { kind: 'decided', requestId, status, by: member });
  // After the queue hears of the decision: its findings' news follows it.
  await raiseFindings(ctx, feed, record);
  const sample = await maybeSample(ctx, feed, record);
  if (sample) publishQueueChange(ctx, feed, { kind: 'sampled', requestId, state: sample.state });
}
