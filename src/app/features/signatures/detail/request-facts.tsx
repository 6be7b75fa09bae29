import type { SignatureRequest } from '../../../../contract/signatures.ts';
import { when } from '../../../ui/dates.ts';
import { shortDate } from '../../../ui/dates.ts';
import '../../../ui/row-box.css';
import { Fact, FactGrid } from '../../../ui/fact.tsx';

/** The file the request is for: what, by whom, when, where, and which templates it holds. */
export function FileFacts({ request, firmName }: { request: SignatureRequest; firmName: string }) {
  const { file } = request;
  return (
    <>
      <FactGrid className="sig-facts">
        <Fact label="Matter reference">{file.matterReference}</Fact>
        <Fact label="Prepared by">{file.preparedBy}</Fact>
        <Fact label="Prepared on">{shortDate(file.preparedOn)}</Fact>
        <Fact label="Firm">{firmName}</Fact>
      </FactGrid>
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
    <FactGrid className="sig-facts">
      <Fact label="Created">{when(request.createdOn)}</Fact>
      {/* `wetInk` is the reference's; a deployment that does not send it decides by workflow. */}
      {request.wetInk !== undefined && (
        <Fact label="Signed in">
          {request.wetInk ? 'Wet ink, on paper, then scanned' : 'Electronically'}
        </Fact>
      )}
      <Fact label="Signed by">{nameOf(request.signedBy)}</Fact>
      <Fact label="Notarized by">{nameOf(request.notarizedBy)}</Fact>
      <Fact label="Completed on">{when(request.completedOn)}</Fact>
    </FactGrid>
  );
}
