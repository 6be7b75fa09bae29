import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../client/api-error.ts';
import type { Sample } from '../../../../contract/qc-management.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import { LazyPdfPreview } from '../../../pdf/lazy-pdf-preview.tsx';
import { createRegionChannel, type RegionChannel } from '../../../pdf/regions/region-channel.ts';
import { grants, sessionQueries } from '../../../session.queries.ts';
import { when } from '../../../ui/dates.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { userScope } from '../../../user-storage.ts';
import { qcQueries } from '../qc.queries.ts';
import { blind } from './blind-checklist.tsx';
import { BlindReview } from './blind-review.tsx';
import { Comparison, OutcomeView, StateBadge } from './comparison.tsx';
import { useFirstMarks } from './first-marks.ts';
import { OutcomeForm } from './outcome-form.tsx';
import { samplesQueries } from './samples.queries.ts';
import '../document-review.css';
import './second-review.css';
import '../../../ui/alert.css';

const LIST = '/qc/second-review';

/** One screen per sample and person (keyed), so drafts and alerts start afresh. */
export function Component() {
  const { requestId = '' } = useParams();
  const { data: session } = useQuery(sessionQueries.current());
  const scope = session ? userScope(session) : null;
  const manager = Boolean(session && grants(session, ['qc.manage']));
  const me = session?.user?.id;
  return (
    <SecondReview
      key={`${scope}|${requestId}`}
      id={requestId}
      scope={scope}
      manager={manager}
      me={me}
    />
  );
}

function sampleFailure(error: unknown): { title: string; message: string } {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404) {
    return {
      title: 'Not sampled for a second review',
      message: 'This request has no second review: it was not sampled, or the link is wrong.',
    };
  }
  if (status === 403) {
    return {
      title: 'You approved this request',
      message: 'A second review must come from someone other than the reviewer who approved it.',
    };
  }
  return {
    title: 'This sample could not be opened',
    message: error instanceof Error ? error.message : 'Try again.',
  };
}

function SecondReview({
  id,
  scope,
  manager,
  me,
}: {
  id: string;
  scope: string | null;
  manager: boolean;
  /** The signed-in user's id, to tell the approver before they start (the gateway's 403). */
  me: string | undefined;
}) {
  const client = useQueryClient();
  const sample = useQuery(samplesQueries.detail(id));
  const request = useQuery(qcQueries.detail(id));
  // Who was first when this person's review was refused with a 409.
  const [beaten, setBeaten] = useState(false);
  // The first reviewer's regions over the document, once this review is in (first-marks.ts).
  const [regions] = useState(createRegionChannel);
  const items = useMemo(() => blind(request.data?.checklistItems ?? []), [request.data]);
  const reread = () =>
    void client.invalidateQueries({ queryKey: samplesQueries.detail(id).queryKey });

  if (sample.isPending || request.isPending) return <Loading label="Opening the sample…" />;
  if (sample.isError || request.isError) {
    const failed = sample.isError ? sampleFailure(sample.error) : undefined;
    return (
      <div className="sr-error">
        <ErrorState
          title={failed?.title ?? 'This QC request could not be opened'}
          message={failed?.message ?? request.error?.message ?? 'Unknown request.'}
          action={<Link to={LIST}>Back to second review</Link>}
        />
      </div>
    );
  }
  const current = sample.data;
  const qcr = request.data;
  const title = qcr.document.matterReference;

  return (
    <div className="sr document-review">
      <section className="sr__document document-review__document" aria-label="Document">
        <LazyPdfPreview
          key={qcr.id}
          url={qcr.fileUrl}
          requestId={qcr.id}
          title={title}
          regions={regions}
        />
      </section>
      <section
        className="sr__panel document-review__panel"
        aria-labelledby="sr-title"
        data-request-id={id}
        data-state={current.state}
      >
        <div className="sr__scroll document-review__scroll">
          <Header sample={current} title={title} />
          {beaten && current.state !== 'open' && (
            <p className="alert alert--block" role="alert">
              {current.secondReview?.by.name ?? 'Someone else'} reviewed this sample first. Your
              verdicts were not recorded; their review is below.
            </p>
          )}
          {current.state === 'open' && me !== undefined && qcr.reviewedBy === me ? (
            <p className="document-review__box" role="status">
              You approved this request. Its second review must come from another reviewer; the two
              reviews are shown here once it is in.
            </p>
          ) : current.state === 'open' ? (
            <BlindReview
              requestId={id}
              scope={scope}
              items={items}
              onConflict={() => {
                setBeaten(true);
                reread();
              }}
            />
          ) : (
            <Settled
              sample={current}
              request={qcr}
              regions={regions}
              manager={manager}
              onConflict={reread}
            />
          )}
        </div>
      </section>
    </div>
  );
}

function Header({ sample, title }: { sample: Sample; title: string }) {
  return (
    <div className="sr__top document-review__top">
      <Link to={LIST} className="sr__back">
        ← Second review
      </Link>
      <h1 className="sr__title" id="sr-title">
        {title}
      </h1>
      <div className="sr__status">
        <StateBadge state={sample.state} />
        <span>{sample.processName ?? 'Unknown process'}</span>
        <span>Sampled {when(sample.sampledOn)}</span>
      </div>
    </div>
  );
}

/** Once the second review is in: the outcome (or its form, for a manager), then both reviews. */
function Settled({
  sample,
  request,
  regions,
  manager,
  onConflict,
}: {
  sample: Sample;
  request: QcRequest;
  regions: RegionChannel;
  manager: boolean;
  onConflict: () => void;
}) {
  // A region's tag on the page leads back to its item in the comparison.
  const toItem = useCallback((key: string) => {
    document.querySelector<HTMLElement>(`[data-region-link="${CSS.escape(key)}"]`)?.focus();
  }, []);
  const firstRegions = useFirstMarks(sample, request, regions, toItem);
  // The manager reads both reviews, then decides: the form comes after them.
  return (
    <>
      {sample.state === 'flagged' && !manager && (
        <p className="document-review__box" role="status">
          Flagged: the second reviewer failed a check the first passed. A QC manager will decide
          what happens to the document.
        </p>
      )}
      {sample.state === 'agreed' && (
        <p className="document-review__box" role="status">
          The second review found nothing the first missed.
        </p>
      )}
      <OutcomeView sample={sample} />
      <Comparison sample={sample} firstRegions={firstRegions} onReveal={regions.reveal} />
      {sample.state === 'flagged' && manager && (
        <OutcomeForm sample={sample} onConflict={onConflict} />
      )}
    </>
  );
}
