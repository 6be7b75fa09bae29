import type { SignatureRequest, SignatureRequestStatus } from '../../../contract/signatures.ts';
import '../../ui/badge.css';

export const STATUS_LABELS: Record<SignatureRequestStatus, string> = {
  pending: 'Pending',
  awaitingWetInk: 'Awaiting scan',
  wetInkUploaded: 'Scan uploaded',
  completed: 'Completed',
};

// The shared Badge has no success tone; completed gets this area's own (signatures.css).
const TONES: Record<SignatureRequestStatus, string> = {
  pending: 'badge--neutral',
  awaitingWetInk: 'badge--warning',
  wetInkUploaded: 'badge--accent',
  completed: 'sig-badge--success',
};

/**
 * The request's status. `status` is a reference-service addition a real deployment may not
 * send: then a completion date is the one state the spec itself shows.
 */
export function statusOf(request: SignatureRequest): SignatureRequestStatus {
  return request.status ?? (request.completedOn ? 'completed' : 'pending');
}

/** The service keeps signed documents and scans in QC: only the others may be deleted. */
export function isDeletable(request: SignatureRequest): boolean {
  const status = statusOf(request);
  return status === 'pending' || status === 'awaitingWetInk';
}

export function StatusBadge({ status }: { status: SignatureRequestStatus }) {
  return (
    <span className={`badge ${TONES[status]}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
