import { ApiError, isRetryable } from '../../../../../client/api-error.ts';
import type { DecisionMarks } from '../../../../../contract/findings.ts';
import type { QcRequest, QcRequestPatch } from '../../../../../contract/qc.ts';
import type { OutboxEntry } from './outbox-store.ts';

// One send of a decision from the outbox, and what its answer means for the entry: only a
// final answer (saved, someone else's decision, a refusal) takes it out; anything that may
// pass on another try keeps it.

export type Outcome =
  /** The service has it: its answer, or this same decision found already made. */
  | { kind: 'saved'; request: QcRequest }
  /** Someone else decided first (or holds it): the request as the service has it now. */
  | { kind: 'conflict'; request: QcRequest | undefined; message: string }
  /** Refused for good (another 4xx): the reviewer is told, and their draft is still there. */
  | { kind: 'refused'; message: string }
  /** No answer, or one that may change (network, 5xx, 429, 401): kept and tried again. */
  | { kind: 'retry'; message: string };

export interface SendApi {
  /** The PATCH, with the decision's marks (if any) in its `Attest-Marks` header (ADR 029). */
  decide(
    id: string,
    patch: QcRequestPatch,
    opts: { keepalive: boolean; marks?: DecisionMarks | undefined },
  ): Promise<QcRequest>;
  get(id: string): Promise<QcRequest>;
}

/**
 * Whether a decided request holds this very decision: the same status by the same reviewer
 * (`reviewedBy` is what the patch sent and what the service records). Then a 409, or a
 * decided request found before sending, means an earlier send of it got through.
 */
export function sameDecision(request: QcRequest, patch: QcRequestPatch): boolean {
  return (
    request.status === patch.status &&
    request.reviewedBy?.toLowerCase() === patch.reviewedBy.toLowerCase()
  );
}

function decided(request: QcRequest, patch: QcRequestPatch, message = ''): Outcome {
  return sameDecision(request, patch)
    ? { kind: 'saved', request }
    : { kind: 'conflict', request, message };
}

/** A failed call: kept unless the service refused it for good. */
export function failureOutcome(error: unknown): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return { kind: 'retry', message };
  // Signed out (an expired session): kept for this person's next sign-in.
  if (error.status === 401) return { kind: 'retry', message };
  // A 2xx whose answer did not parse was saved; the next try asks the service first.
  if (error.code !== 'http' || isRetryable(error)) return { kind: 'retry', message };
  return { kind: 'refused', message };
}

/**
 * Sends `entry`'s decision. With `askFirst` (an earlier send may have got through: see
 * `sentOn`) the request is read first, and only a pending one is sent.
 */
export async function sendDecision(
  entry: OutboxEntry,
  api: SendApi,
  { askFirst, keepalive }: { askFirst: boolean; keepalive: boolean },
): Promise<Outcome> {
  const { requestId: id, patch, marks } = entry;
  if (askFirst) {
    try {
      const now = await api.get(id);
      if (now.status !== 'pending') return decided(now, patch);
    } catch (error) {
      return failureOutcome(error);
    }
  }
  try {
    return { kind: 'saved', request: await api.decide(id, patch, { keepalive, marks }) };
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'http' && error.status === 409)) {
      return failureOutcome(error);
    }
    let now: QcRequest;
    try {
      now = await api.get(id);
    } catch (readError) {
      // Whose decision it is cannot be told yet: the next try sends again, and asks.
      return failureOutcome(readError);
    }
    // Still pending: another reviewer holds it (the team's hold).
    if (now.status === 'pending') return { kind: 'conflict', request: now, message: error.message };
    return decided(now, patch, error.message);
  }
}
