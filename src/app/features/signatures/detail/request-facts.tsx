import type { SignatureRequest } from '../../../../contract/signatures.ts';
import { when } from '../../../ui/dates.ts';
import { shortDate } from '../../../ui/dates.ts';
import '../../../ui/row-box.css';

/** The file the request is for: what, by whom, when, where, and which templates it holds. */
export function FileFacts({ request, firmName }: { request: SignatureRequest; firmName: string }) {
  const { file } = request;
  return (
    <>
      <dl className="sig-facts">
        <div>
          <dt>Matter reference</dt>
          <dd>{file.matterReference}</dd>
        </div>
        <div>
          <dt>Prepared by</dt>
          <dd>{file.preparedBy}</dd>
        </div>
        <div>
          <dt>Prepared on</dt>
          <dd>{shortDate(file.preparedOn)}</dd>
        </div>
        <div>
          <dt>Firm</dt>
          <dd>{firmName}</dd>
        </div>
      </dl>
      <h3 className="sig-subheading">
        Templates <span className="count">{file.templates.length}</span>
      </h3>
      {file.templates.length === 0 ? (
        <p className="sig-muted">This file has no templates.</p>
      ) : (
        <ul className="sig-templates row-box">
          {file.templates.map((template) => (
            <li key={template.id} className="sig-template row-box__row">
              <div className="sig-template__name">
                <span>{template.displayName}</span>
                <span className="sig-template__file">{template.filename}</span>
              </div>
              <div className="sig-template__needs">
                {template.signatureRequired && <span className="badge">Signature required</span>}
                {template.notaryRequired && <span className="badge">Notary required</span>}
                {!template.signatureRequired && !template.notaryRequired && (
                  <span className="sig-muted">Nothing to sign</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Who signed and notarized, and when it was completed (each blank until it happens). */
export function SigningFacts({
  request,
  nameOf,
}: {
  request: SignatureRequest;
  nameOf: (userId: string | undefined) => string;
}) {
  return (
    <dl className="sig-facts">
      <div>
        <dt>Created</dt>
        <dd>{when(request.createdOn)}</dd>
      </div>
      {/* `wetInk` is the reference's; a deployment that does not send it decides by workflow. */}
      {request.wetInk !== undefined && (
        <div>
          <dt>Signed in</dt>
          <dd>{request.wetInk ? 'Wet ink, on paper, then scanned' : 'Electronically'}</dd>
        </div>
      )}
      <div>
        <dt>Signed by</dt>
        <dd>{nameOf(request.signedBy)}</dd>
      </div>
      <div>
        <dt>Notarized by</dt>
        <dd>{nameOf(request.notarizedBy)}</dd>
      </div>
      <div>
        <dt>Completed on</dt>
        <dd>{when(request.completedOn)}</dd>
      </div>
    </dl>
  );
}
