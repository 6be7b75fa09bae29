import type { QcRequest } from '../../../../contract/qc.ts';
import { when } from '../../../ui/dates.ts';

/**
 * An id shown until (or unless) its name comes: on one line, so the facts keep their height
 * as the names arrive and nothing below them moves under the reviewer's pointer.
 */
function Id({ id }: { id: string }) {
  return (
    <span className="facts__id" title={id}>
      {id}
    </span>
  );
}

/** The document's facts beside the preview: what, by whom, when, where, under which checklist. */
export function Facts({
  request,
  names,
  firms,
}: {
  request: QcRequest;
  names: ReadonlyMap<string, string>;
  firms: ReadonlyMap<string, string>;
}) {
  const doc = request.document;
  const who = (id: string | undefined) => (id ? (names.get(id) ?? <Id id={id} />) : '—');
  return (
    <dl className="facts">
      <dt>Process</dt>
      <dd>{request.processName}</dd>
      <dt>Checklist</dt>
      <dd>
        {request.checklistName}
        {request.checklistVersion ? ` · v${request.checklistVersion}` : ''}
      </dd>
      <dt>Prepared</dt>
      <dd>
        {doc.preparedBy} · {when(doc.preparedOn)}
      </dd>
      <dt>Signed</dt>
      <dd>
        {who(doc.signedBy)} · {when(doc.signedOn)}
      </dd>
      <dt>Firm</dt>
      <dd>{firms.get(doc.firmId) ?? <Id id={doc.firmId} />}</dd>
      <dt>Templates</dt>
      <dd>
        <ul className="facts__list">
          {doc.templates.map((t) => (
            <li key={t.id}>
              {t.displayName}
              <span className="facts__flags">
                {t.signatureRequired ? ' · signature' : ''}
                {t.notaryRequired ? ' · notary' : ''}
              </span>
            </li>
          ))}
        </ul>
      </dd>
      <dt>People</dt>
      <dd>
        <ul className="facts__list">
          {request.actors.map((a) => (
            <li key={`${a.userId}-${a.roleId}`}>
              {who(a.userId)} <span className="facts__flags">· {a.roleId}</span>
            </li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}
