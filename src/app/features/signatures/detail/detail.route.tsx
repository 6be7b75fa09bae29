import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiError } from '../../../../client/api-error.ts';
import { queryClient } from '../../../query-client.ts';
import { hasAny, sessionQueries } from '../../../session.queries.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { useFirmNames, useUserNames } from '../../../lookups.queries.ts';
import { DeleteRequestDialog } from '../delete-request-dialog.tsx';
import { sentence } from '../../../ui/failure-message.ts';
import { awaitsScan, isDeletable, offersScan, statusOf, StatusBadge } from '../request-status.tsx';
import { signatureQueries } from '../signatures.queries.ts';
import { WetInkPanel } from '../wet-ink/wet-ink-panel.tsx';
import { FileFacts, SigningFacts } from './request-facts.tsx';
import { returnedReviews, ReworkReasons } from './rework-reasons.tsx';
import '../../../ui/button.css';
import '../../../ui/page.css';
import '../signatures.css';
import './detail.css';

export async function loader({ params }: LoaderFunctionArgs) {
  // Not thrown from here: the screen says what went wrong beside a way back to the list.
  await queryClient.prefetchQuery(signatureQueries.detail(params.requestId ?? ''));
  return null;
}

/** Where "back" goes: the list view the person came from, or the whole list. */
function useBackTo(): string {
  const state: unknown = useLocation().state;
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/signatures') ? from : '/signatures';
}

/** One signature request (`/signatures/:requestId`): its file, its signing, its scan. */
/** A panel of the request's page under its heading. */
function SigPanel({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id, which names the panel. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={`panel sig-panel${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 className="sig-heading" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Component() {
  const { requestId = '' } = useParams();
  const backTo = useBackTo();
  const navigate = useNavigate();
  const request = useQuery(signatureQueries.detail(requestId));
  const session = useQuery(sessionQueries.current()).data;
  const names = useUserNames();
  const firms = useFirmNames();
  const crumbs = (
    <nav className="sig-crumbs" aria-label="Breadcrumb">
      <Link to={backTo}>← Signature requests</Link>
    </nav>
  );

  if (request.isPending) {
    return (
      <div className="app-page">
        {crumbs}
        <Loading label="Loading the signature request…" />
      </div>
    );
  }
  if (request.isError) {
    const gone = request.error instanceof ApiError && request.error.status === 404;
    return (
      <div className="app-page">
        {crumbs}
        <h1 className="app-page__title">Signature request</h1>
        <div className="panel">
          <ErrorState
            title={
              gone ? 'This signature request does not exist' : 'The request could not be loaded'
            }
            message={
              gone
                ? 'It may have been deleted. The list shows the requests there are.'
                : sentence(request.error.message)
            }
            action={
              gone ? (
                <Link to="/signatures">Go to the list</Link>
              ) : (
                <Button onClick={() => void request.refetch()}>Try again</Button>
              )
            }
          />
        </div>
      </div>
    );
  }

  const data = request.data;
  const status = statusOf(data);
  const nameOf = (id: string | undefined) => (id ? (names?.get(id) ?? id) : '—');
  const firmName = firms?.get(data.file.firmId) ?? data.file.firmId;
  const showScan = offersScan(data);

  return (
    <div className="app-page sig-detail">
      {crumbs}
      <header className="app-page__header">
        <div className="sig-detail__heading">
          <h1 className="app-page__title">{data.file.matterReference}</h1>
          <StatusBadge request={data} />
        </div>
        <div className="sig-row">
          {data.completedFileUrl && (
            <a
              className="button button--primary"
              href={data.completedFileUrl}
              target="_blank"
              rel="noreferrer"
            >
              Download the completed file
            </a>
          )}
          {isDeletable(data) && (
            <DeleteRequestDialog
              request={data}
              variant="secondary"
              onDeleted={() => navigate(backTo, { replace: true })}
            />
          )}
        </div>
      </header>
      <div className="sig-detail__grid">
        {showScan && (
          <SigPanel id="sig-scan" title="Wet-ink scan" className="sig-detail__scan">
            <ReworkReasons request={data} awaitingScan={awaitsScan(data)} nameOf={nameOf} />
            <WetInkPanel
              requestId={data.id}
              awaitingScan={awaitsScan(data)}
              again={returnedReviews(data).length > 0}
              canSeeQueue={session ? hasAny(session, ['qc.review', 'qc.manage']) : false}
            />
          </SigPanel>
        )}
        <SigPanel id="sig-file" title="File">
          <FileFacts request={data} firmName={firmName} />
        </SigPanel>
        <SigPanel id="sig-signing" title="Signing">
          <SigningFacts request={data} nameOf={nameOf} />
          {status === 'completed' && !data.completedFileUrl && (
            <p className="sig-muted">The completed file is not available for download.</p>
          )}
        </SigPanel>
      </div>
    </div>
  );
}
