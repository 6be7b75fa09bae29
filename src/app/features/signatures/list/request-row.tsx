import { Link } from 'react-router';
import type { SignatureRequest } from '../../../../contract/signatures.ts';
import { DeleteRequestDialog } from '../delete-request-dialog.tsx';
import { shortDate } from '../../../ui/dates.ts';
import { isDeletable, StatusBadge } from '../request-status.tsx';

/** "3 templates · signature, notary": what the file asks for, at a glance. */
function needs(request: SignatureRequest): string {
  const { templates } = request.file;
  const count = `${templates.length} template${templates.length === 1 ? '' : 's'}`;
  const wanted = [
    templates.some((t) => t.signatureRequired) && 'signature',
    templates.some((t) => t.notaryRequired) && 'notary',
  ].filter(Boolean);
  return wanted.length ? `${count} · ${wanted.join(', ')}` : count;
}

/** One request: its file's matter reference links to it; the rest describes it. */
export function RequestRow({
  request,
  from,
  firmName,
}: {
  request: SignatureRequest;
  /** The list's own address, so the detail's "back" returns to this page of this view. */
  from: string;
  firmName: string;
}) {
  const detailsId = `sig-row-${request.id}`;
  return (
    <li className="sig-row-item row-list__row" data-request-id={request.id}>
      <div className="sig-row-item__main">
        <Link
          className="sig-row-item__link"
          to={`/signatures/${request.id}`}
          state={{ from }}
          aria-describedby={detailsId}
        >
          {request.file.matterReference}
        </Link>
        <p className="sig-row-item__meta" id={detailsId}>
          <span>Prepared by {request.file.preparedBy}</span>
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          <span>{firmName}</span>
        </p>
      </div>
      <p className="sig-row-item__needs">{needs(request)}</p>
      <div className="sig-row-item__status">
        <StatusBadge request={request} />
      </div>
      <p className="sig-row-item__date">
        {/* The date the list is ordered by; completion dates are on each request's page. */}
        <span className="sig-row-item__label">Created </span>
        {shortDate(request.createdOn)}
      </p>
      <div className="sig-row-item__actions">
        {isDeletable(request) && <DeleteRequestDialog request={request} />}
      </div>
    </li>
  );
}
