import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { sessionQueries } from '../../../session.queries.ts';
import { userScope } from '../../../user-storage.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { LazyPdfPreview } from '../../../pdf/lazy-pdf-preview.tsx';
import { dropStandby } from '../../../pdf/pdf-standby.ts';
import { createRegionChannel } from '../../../pdf/regions/region-channel.ts';
import { qcQueries } from '../qc.queries.ts';
import { Checklist, ReworkNotes } from './checklist.tsx';
import { MachineSummary } from './machine-verdicts.tsx';
import { HoldBanner } from './hold-banner.tsx';
import { ConflictView } from './conflict-view.tsx';
import { DecidedPanel } from './decided-panel.tsx';
import { Facts } from './facts.tsx';
import { HistoryTimeline } from './history-timeline.tsx';
import { EarlierSubmissions } from './earlier-submissions.tsx';
import { ReviewActions } from './review-actions.tsx';
import { ReviewHeader } from './review-header.tsx';
import { ShortcutsDialog } from './shortcuts.tsx';
import { useReviewController, type ReviewControllerProps } from './use-review-controller.ts';
import '../document-review.css';
import './review.css';
import '../../../ui/alert.css';

/**
 * The document and, beside it, one panel per request and reviewer (keyed), so its draft,
 * selection and conflict start afresh. The document's preview stays from one request to the
 * next: the next document is drawn ahead inside it and shown where it was drawn.
 */
export function Component() {
  const { qcrId = '' } = useParams();
  const { data: session } = useQuery(sessionQueries.current());
  const scope = session ? userScope(session) : null;
  const request = useQuery(qcQueries.detail(qcrId));
  const [help, setHelp] = useState(false);
  // The failed items' regions over the document, told by the panel (use-marks.ts).
  const [regions] = useState(createRegionChannel);
  const showHelp = useCallback(() => setHelp(true), []);
  // The document whose first page is on screen: the next one is prepared only then.
  const [paintedUrl, setPaintedUrl] = useState<string>();
  // On leaving the reviews (the next review has taken its document by then: pdf-standby.ts).
  useEffect(() => dropStandby, []);

  const current = request.data;
  if (request.isPending) return <Loading label="Opening the document…" />;
  if (request.isError || !current) {
    return (
      <ErrorState
        title="This QC request could not be opened"
        message={request.error?.message ?? 'Unknown request.'}
        action={<Link to="/qc">Back to the queue</Link>}
      />
    );
  }
  const url = current.fileUrl;
  return (
    <>
      <div className="review document-review">
        <section className="review__document document-review__document" aria-label="Document">
          <LazyPdfPreview
            url={url}
            title={current.document.matterReference}
            onPainted={setPaintedUrl}
            regions={regions}
          />
        </section>
        <Review
          key={`${scope}|${current.id}`}
          current={current}
          scope={scope}
          shown={paintedUrl === url}
          onHelp={showHelp}
          regions={regions}
        />
      </div>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </>
  );
}

function Review(props: ReviewControllerProps) {
  const { current } = props;
  const review = useReviewController(props);

  return (
    <section
      className="review__panel document-review__panel"
      aria-labelledby="review-title"
      data-request-id={current.id}
      data-hold={review.hold.state.kind}
    >
      <div className="review__scroll document-review__scroll">
        <ReviewHeader
          current={current}
          queueHref={review.queueHref}
          hasPrevious={Boolean(review.neighbours.previous)}
          hasNext={Boolean(review.neighbours.next)}
          onPrevious={review.handlers.previous}
          onNext={review.handlers.next}
          onHelp={props.onHelp}
        />
        {!review.locked && <HoldBanner hold={review.hold} manager={review.manager} />}
        {review.saving && (
          <p className="document-review__box review__saving" role="status">
            Your decision on this request is kept in this browser and is being saved. It is sent
            again until the service has it, so there is nothing more to do here.
          </p>
        )}
        {review.conflicted && !review.readOnly && (
          <p className="alert alert--block" role="alert">
            {review.conflicted}. Your notes are kept below.
          </p>
        )}
        {!review.readOnly && review.noUser && (
          <p className="document-review__box" role="note">
            {review.session?.clientId} is signed in without a user: the service records every
            decision under the reviewer who made it, so this client can read the review but not
            approve or reject. Sign in with a reviewer&apos;s own client to decide.
          </p>
        )}
        {review.clash ? (
          <ConflictView
            request={current}
            draft={review.draft}
            names={review.names}
            onDiscard={review.discardDraft}
          />
        ) : (
          review.readOnly && <DecidedPanel request={current} names={review.names} />
        )}
        <div>
          <h2 className="review__section-title">Document</h2>
          <Facts request={current} names={review.names} firms={review.firms} />
        </div>
        <EarlierSubmissions request={current} names={review.names} />
        <HistoryTimeline requestId={current.id} />
        {!review.clash && (
          <div>
            <h2 className="review__section-title">Checklist</h2>
            {!review.locked && <MachineSummary view={review.machine} />}
            <Checklist
              items={current.checklistItems}
              draft={review.draft}
              readOnly={review.locked}
              selected={review.checks.selected}
              onSelect={review.checks.setSelected}
              onChange={(itemId, change) =>
                review.updateDraft((d) => ({ ...d, items: { ...d.items, [itemId]: change } }))
              }
              marks={review.marks}
              machine={review.machine}
            />
          </div>
        )}
        {!review.locked && (
          <ReworkNotes
            value={review.draft.notes}
            onChange={(notes) => review.updateDraft((d) => ({ ...d, notes }))}
          />
        )}
      </div>
      {!review.locked && (
        <ReviewActions
          ready={review.ready}
          blocked={Boolean(review.conflicted) || review.noUser || review.holdBlocks}
          noUser={review.noUser}
          onDecide={review.submit}
        />
      )}
    </section>
  );
}
