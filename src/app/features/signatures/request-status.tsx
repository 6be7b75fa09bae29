import type { SignatureRequest, SignatureRequestStatus } from '../../../contract/signatures.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';

/**
 * What a request's badge says: the reference's `status`, or, from a deployment that sends
 * none, `open` (no `completedOn` yet), which may be any of the reference's other states.
 */
export type ShownStatus = SignatureRequestStatus | 'open';

export const STATUS_LABELS: Record<ShownStatus, string> = {
  pending: 'Pending',
  awaitingWetInk: 'Awaiting scan',
  wetInkUploaded: 'Scan uploaded',
  completed: 'Completed',
  open: 'Open',
};

const TONES: Record<ShownStatus, BadgeTone> = {
  pending: 'neutral',
  awaitingWetInk: 'warning',
  wetInkUploaded: 'accent',
  completed: 'success',
  open: 'neutral',
};

/**
 * The one rule for a request's state. `status` is a reference-service addition a real
 * deployment may not send: then a completion date is the one state the spec itself shows.
 */
export function shownStatusOf(request: SignatureRequest): ShownStatus {
  return request.status ?? (request.completedOn ? 'completed' : 'open');
}

/** The state the console acts on: an open request is treated as the reference's `pending`. */
export function statusOf(request: SignatureRequest): SignatureRequestStatus {
  const shown = shownStatusOf(request);
  return shown === 'open' ? 'pending' : shown;
}

/**
 * Whether the detail offers a wet-ink scan. The spec decides it with `GET …/uploadUrl`, which
 * answers 400 when the request takes no scan (the panel shows that message), so any request
 * not completed is offered one. The reference's `wetInk` and `status` narrow it when sent.
 */
export function offersScan(request: SignatureRequest): boolean {
  if (request.wetInk === false) return false;
  const status = statusOf(request);
  if (request.wetInk === true) return status === 'awaitingWetInk' || status === 'wetInkUploaded';
  return status !== 'completed';
}

/** Whether a scan may still be sent (false once one is confirmed, here or elsewhere). */
export function awaitsScan(request: SignatureRequest): boolean {
  const status = statusOf(request);
  return status !== 'completed' && status !== 'wetInkUploaded';
}

/** The service keeps signed documents and scans in QC: only the others may be deleted. */
export function isDeletable(request: SignatureRequest): boolean {
  const status = statusOf(request);
  return status === 'pending' || status === 'awaitingWetInk';
}

export function StatusBadge({ request }: { request: SignatureRequest }) {
  const status = shownStatusOf(request);
  return (
    <Badge tone={TONES[status]} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
