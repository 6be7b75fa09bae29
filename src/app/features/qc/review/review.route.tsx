import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFirmNames, useUserNames } from '../../../lookups.queries.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import { memberIdOf } from '../../../../contract/team.ts';
import { grants, sessionQueries } from '../../../session.queries.ts';
import { userScope } from '../../../user-storage.ts';
import { afterNextPaint } from '../../../ui/next-paint.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { PdfErrorBoundary, PdfPreview } from '../../../pdf/pdf-preview.tsx';
import { dropStandby, prepareStandby } from '../../../pdf/pdf-standby.ts';
import { useOnTeam } from '../claims.ts';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch } from '../queue-view.ts';
import { rememberQueueSelection } from '../queue/index.ts';
import { Checklist, ReworkNotes } from './checklist.tsx';
import { ClaimBanner } from './claim-banner.tsx';
import { ConflictView } from './conflict-view.tsx';
import { conflictOf } from './conflicts.ts';
import { useDecide, type Decision } from './decide-mutation.ts';
import { DecidedPanel } from './decided-panel.tsx';
import { readiness, useDraft } from './draft.ts';
import { isEmptyDraft } from './draft-store.ts';
import { Facts } from './facts.tsx';
import { useSavingIds } from './outbox/use-outbox.ts';
import { HistoryTimeline } from './history-timeline.tsx';
import { EarlierSubmissions } from './earlier-submissions.tsx';
import { ReviewActions } from './review-actions.tsx';
import { ReviewHeader } from './review-header.tsx';
import { ShortcutsDialog, useShortcuts } from './shortcuts.tsx';
import { useChecklistKeys } from './use-checklist-keys.ts';
import { useClaim } from './use-claim.ts';
import { useQueueNeighbours } from './use-queue-neighbours.ts';
import '../document-review.css';
import './review.css';

/** How long a listed request's download link is trusted to open the next document. */
const LISTED_LINK_FRESH_MS = 5 * 60_000;

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
          <PdfErrorBoundary url={url}>
            <PdfPreview
              url={url}
              title={current.document.matterReference}
              onPainted={setPaintedUrl}
            />
          </PdfErrorBoundary>
        </section>
        <Review
          key={`${scope}|${current.id}`}
          current={current}
          scope={scope}
          shown={paintedUrl === url}
          onHelp={showHelp}
        />
      </div>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </>
  );
}

interface ReviewProps {
  current: QcRequest;
  scope: string | null;
  /** Once the document's first page is on screen. */
  shown: boolean;
  onHelp: () => void;
}

function Review({ current, scope, shown, onHelp }: ReviewProps) {
  const qcrId = current.id;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const { data: session } = useQuery(sessionQueries.current());
  const onTeam = useOnTeam();
  const names = useUserNames();
  const firms = useFirmNames();
  const neighbours = useQueueNeighbours(filters, qcrId);
  const [draft, updateDraft, latestDraft, discardDraft] = useDraft(qcrId, scope);
  const conflicted = conflictOf(qcrId);

  // Going to another document also moves the queue's remembered place there.
  const hrefOf = useCallback(
    (id: string) => {
      rememberQueueSelection(filters, id);
      return `/qc/${id}?${search.toString()}`;
    },
    [search, filters],
  );

  // While this document is read, the next one and its PDF load in the background: the PDF
  // once this one is on screen, so preparing it never slows this one's own drawing.
  useEffect(() => {
    const next = neighbours.next;
    if (!next) return undefined;
    // After this screen's frame: approve and next paints it first.
    return afterNextPaint(() => {
      // Its history too, so the next screen shows it at once and fetches nothing on opening.
      if (onTeam) void client.prefetchQuery(qcQueries.teamHistory(next.id));
      // Seeded from the list only while its download link is young: an hour-old page's link
      // may have expired, and the next document then loads afresh instead.
      const listedAt = client.getQueryState(qcQueries.list(filters).queryKey)?.dataUpdatedAt ?? 0;
      if (Date.now() - listedAt < LISTED_LINK_FRESH_MS) {
        client.setQueryData(qcQueries.detail(next.id).queryKey, (current) => current ?? next, {
          updatedAt: listedAt,
        });
        if (shown) prepareStandby(next.fileUrl);
        return;
      }
      void client
        .fetchQuery(qcQueries.detail(next.id))
        .then((fresh) => shown && prepareStandby(fresh.fileUrl))
        .catch(() => {});
    });
  }, [qcrId, neighbours.next, client, shown, filters, onTeam]);

  const queueHref = `/qc?${search.toString()}`;
  const decide = useDecide({ next: neighbours.next, hrefOf, queueHref, names });

  const ready = readiness(current, draft);
  const readOnly = current.status !== 'pending';
  // Decided here and kept in the outbox, not yet saved: it is not offered again (decision 026).
  const saving = useSavingIds().has(qcrId) && !readOnly;
  const locked = readOnly || saving;
  // Decided, yet this reviewer has a draft of it: someone else was first (conflict-view.tsx).
  const clash = readOnly && !isEmptyDraft(draft);
  const checks = useChecklistKeys(current.checklistItems, locked, updateDraft);
  // A decision names its reviewer (reviewedBy): a client whose token names no user cannot
  // record one, so the review says why instead of failing on the first key.
  const noUser = Boolean(session && !session.user);
  // The team's claim on it (decision 020): only its holder decides.
  const claim = useClaim(qcrId, !locked && onTeam, session && memberIdOf(session));
  const { blocks: claimBlocks, markDeciding } = claim;
  // Once per screen: a key pressed twice before the next document renders decides once.
  const submitted = useRef(false);
  const submit = useCallback(
    (status: Decision) => {
      if (locked || conflicted || noUser || submitted.current) return;
      if (claimBlocks) return;
      const latest = latestDraft();
      const allowed = readiness(current, latest);
      if (status === 'approved' ? !allowed.canApprove : !allowed.canReject) return;
      submitted.current = true;
      markDeciding();
      void decide({ status, current, draft: latest }).then((made) => {
        if (!made) submitted.current = false;
      });
    },
    [current, locked, conflicted, noUser, decide, latestDraft, claimBlocks, markDeciding],
  );
  const handlers = useMemo(
    () => ({
      approve: () => submit('approved'),
      reject: () => submit('rejected'),
      next: () => neighbours.next && navigate(hrefOf(neighbours.next.id)),
      previous: () => neighbours.previous && navigate(hrefOf(neighbours.previous.id)),
      ...checks.keys,
      help: onHelp,
    }),
    [submit, neighbours, navigate, hrefOf, checks.keys, onHelp],
  );
  useShortcuts(handlers);

  return (
    <section
      className="review__panel document-review__panel"
      aria-labelledby="review-title"
      data-request-id={current.id}
      data-claim={claim.state.kind}
    >
      <div className="review__scroll document-review__scroll">
        <ReviewHeader
          current={current}
          queueHref={queueHref}
          hasPrevious={Boolean(neighbours.previous)}
          hasNext={Boolean(neighbours.next)}
          onPrevious={handlers.previous}
          onNext={handlers.next}
          onHelp={onHelp}
        />
        {!locked && (
          <ClaimBanner claim={claim} manager={Boolean(session && grants(session, ['qc.manage']))} />
        )}
        {saving && (
          <p className="review__done review__saving" role="status">
            Your decision on this request is kept in this browser and is being saved. It is sent
            again until the service has it, so there is nothing more to do here.
          </p>
        )}
        {conflicted && !readOnly && (
          <p className="review__alert" role="alert">
            {conflicted}. Your notes are kept below.
          </p>
        )}
        {!readOnly && noUser && (
          <p className="review__done" role="note">
            {session?.clientId} is signed in without a user: the service records every decision
            under the reviewer who made it, so this client can read the review but not approve or
            reject. Sign in with a reviewer&apos;s own client to decide.
          </p>
        )}
        {clash ? (
          <ConflictView request={current} draft={draft} names={names} onDiscard={discardDraft} />
        ) : (
          readOnly && <DecidedPanel request={current} names={names} />
        )}
        <div>
          <h2 className="review__section-title">Document</h2>
          <Facts request={current} names={names} firms={firms} />
        </div>
        <EarlierSubmissions request={current} names={names} />
        <HistoryTimeline requestId={current.id} />
        {!clash && (
          <div>
            <h2 className="review__section-title">Checklist</h2>
            <Checklist
              items={current.checklistItems}
              draft={draft}
              readOnly={locked}
              selected={checks.selected}
              onSelect={checks.setSelected}
              onChange={(itemId, change) =>
                updateDraft((d) => ({ ...d, items: { ...d.items, [itemId]: change } }))
              }
            />
          </div>
        )}
        {!locked && (
          <ReworkNotes
            value={draft.notes}
            onChange={(notes) => updateDraft((d) => ({ ...d, notes }))}
          />
        )}
      </div>
      {!locked && (
        <ReviewActions
          ready={ready}
          blocked={Boolean(conflicted) || noUser || claimBlocks}
          noUser={noUser}
          onDecide={submit}
        />
      )}
    </section>
  );
}
