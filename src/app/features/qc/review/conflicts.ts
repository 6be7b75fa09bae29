import type { QcRequest } from '../../../../contract/qc.ts';
import { when } from '../../../ui/dates.ts';

// A decision someone else made first, kept per request until its screen shows it. It lives
// outside the screen because approve-and-next has already moved on when the 409 arrives: the
// reviewer is brought back, and the request's screen mounts afresh and reads it here. The
// decided version itself goes in the query cache; this is what the alert says, and it also
// covers a 409 whose request the service still reports pending.
const conflicts = new Map<string, string>();

export function noteConflict(id: string, text: string): void {
  conflicts.set(id, text);
}

export function conflictOf(id: string): string | null {
  return conflicts.get(id) ?? null;
}

/** Who decided, and when, in names: "Already approved by Riley Reviewer on …". */
export function decidedBy(request: QcRequest, names: ReadonlyMap<string, string>): string {
  const by = request.reviewedBy
    ? (names.get(request.reviewedBy) ?? 'another reviewer')
    : 'another reviewer';
  const verb = request.status === 'rejected' ? 'rejected' : 'approved';
  return `Already ${verb} by ${by} on ${when(request.reviewCompletedOn)}`;
}

/** The alert after a 409: who decided first, or the service's own word while still pending. */
export function conflictText(
  saved: QcRequest | undefined,
  names: ReadonlyMap<string, string>,
  message: string,
): string {
  if (saved && saved.status !== 'pending') return decidedBy(saved, names);
  return message ? `Not saved: ${message}` : 'Not saved: another reviewer got there first';
}
