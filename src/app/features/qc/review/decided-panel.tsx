import type { QcRequest } from '../../../../contract/qc.ts';
import { when } from '../../../ui/dates.ts';
import '../document-review.css';

/** A decided request's outcome: approved or rejected, by whom, when, and its rework notes. */
export function DecidedPanel({
  request,
  names,
}: {
  request: QcRequest;
  names: ReadonlyMap<string, string>;
}) {
  const reviewer = request.reviewedBy
    ? (names.get(request.reviewedBy) ?? request.reviewedBy)
    : undefined;
  return (
    <div className="document-review__box" role="status">
      <strong>{request.status === 'approved' ? 'Approved' : 'Rejected'}</strong> by{' '}
      {reviewer ?? 'a reviewer'} on {when(request.reviewCompletedOn)}
      {request.review ? ` · ${request.review.shortId}` : ''}
      {request.notes && <p className="review__done-notes">Rework notes: {request.notes}</p>}
    </div>
  );
}
