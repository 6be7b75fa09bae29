import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFirmNames, useUserNames } from '../../../lookups.queries.ts';
import { sessionQueries } from '../../../session.queries.ts';
import { when } from '../../../ui/dates.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { PdfErrorBoundary, PdfPreview } from '../../../pdf/pdf-preview.tsx';
import { preparePdf } from '../../../pdf/pdf-documents.ts';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch } from '../queue-view.ts';
import { rememberQueueSelection } from '../queue/queue-position.ts';
import { Checklist } from './checklist.tsx';
import { conflictOf } from './conflicts.ts';
import { useDecide, type Decision } from './decide-mutation.ts';
import { readiness, useDraft } from './draft.ts';
import { Facts } from './facts.tsx';
import { ReviewActions } from './review-actions.tsx';
import { ReviewHeader } from './review-header.tsx';
import { ShortcutsDialog, useShortcuts } from './shortcuts.tsx';
import { useQueueNeighbours } from './use-queue-neighbours.ts';
import './review.css';

/** One screen per request (keyed), so its draft, selection and conflict start afresh. */
export function Component() {
  const { qcrId = '' } = useParams();
  return <Review key={qcrId} qcrId={qcrId} />;
}

function Review({ qcrId }: { qcrId: string }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const { data: session } = useQuery(sessionQueries.current());
  const request = useQuery(qcQueries.detail(qcrId));
  const names = useUserNames();
  const firms = useFirmNames();
  const neighbours = useQueueNeighbours(filters, qcrId);
  const [draft, updateDraft, latestDraft] = useDraft(qcrId);
  const [selected, setSelectedState] = useState(0);
  // Like the draft, the selection is read by key handlers that may run before a render.
  const selectedRef = useRef(0);
  const setSelected = useCallback((index: number) => {
    selectedRef.current = index;
    setSelectedState(index);
  }, []);
  const [help, setHelp] = useState(false);
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
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const next = neighbours.next;
    if (!next) return;
    client.setQueryData(qcQueries.detail(next.id).queryKey, (current) => current ?? next);
    if (shown) preparePdf(next.fileUrl);
  }, [qcrId, neighbours.next, client, shown]);

  const queueHref = `/qc?${search.toString()}`;
  const decide = useDecide({ next: neighbours.next, hrefOf, queueHref, names });

  const current = request.data;
  const ready = current ? readiness(current, draft) : undefined;
  const readOnly = !current || current.status !== 'pending';
  // A decision names its reviewer (reviewedBy): a client whose token names no user cannot
  // record one, so the review says why instead of failing on the first key.
  const noUser = Boolean(session && !session.user);
  const { mutate, isPending } = decide;
  // Once per screen: a key pressed twice before the next document renders decides once.
  const submitted = useRef(false);
  const submit = useCallback(
    (status: Decision) => {
      if (!current || readOnly || conflicted || noUser || isPending || submitted.current) return;
      const latest = latestDraft();
      const allowed = readiness(current, latest);
      if (status === 'approved' ? !allowed.canApprove : !allowed.canReject) return;
      submitted.current = true;
      mutate({ status, current, draft: latest }, { onError: () => (submitted.current = false) });
    },
    [current, readOnly, conflicted, noUser, isPending, mutate, latestDraft],
  );
  const handlers = useMemo(
    () => ({
      approve: () => submit('approved'),
      reject: () => submit('rejected'),
      next: () => neighbours.next && navigate(hrefOf(neighbours.next.id)),
      previous: () => neighbours.previous && navigate(hrefOf(neighbours.previous.id)),
      select: (index: number) => {
        if (!current || index >= current.checklistItems.length) return;
        setSelected(index);
        document
          .querySelector<HTMLElement>(`[data-testid="check-${index + 1}"]`)
          ?.scrollIntoView({ block: 'nearest' });
      },
      // Space passes the selected item and moves on, so a checklist is tapped through.
      toggle: () => {
        const items = current?.checklistItems ?? [];
        const index = selectedRef.current;
        const item = items[index];
        if (!item || readOnly) return;
        const after = updateDraft((d) => {
          const entry = d.items[item.id] ?? {};
          const passing = entry.status !== 'approved';
          const status = passing ? ('approved' as const) : undefined;
          return { ...d, items: { ...d.items, [item.id]: { ...entry, status } } };
        });
        const passed = after.items[item.id]?.status === 'approved';
        if (passed && index < items.length - 1) setSelected(index + 1);
      },
      help: () => setHelp(true),
    }),
    [submit, neighbours, navigate, hrefOf, current, readOnly, updateDraft, setSelected],
  );
  useShortcuts(Boolean(current), handlers);

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

  const reviewer = current.reviewedBy
    ? (names.get(current.reviewedBy) ?? current.reviewedBy)
    : undefined;
  return (
    <div className="review">
      <section className="review__document" aria-label="Document">
        <PdfErrorBoundary url={current.fileUrl}>
          <PdfPreview
            key={current.id}
            url={current.fileUrl}
            title={current.document.matterReference}
            onPainted={() => setShown(true)}
          />
        </PdfErrorBoundary>
      </section>
      <section className="review__panel" aria-labelledby="review-title">
        <div className="review__scroll">
          <ReviewHeader
            current={current}
            queueHref={queueHref}
            hasPrevious={Boolean(neighbours.previous)}
            hasNext={Boolean(neighbours.next)}
            onPrevious={handlers.previous}
            onNext={handlers.next}
            onHelp={() => setHelp(true)}
          />
          {conflicted && (
            <p className="review__alert" role="alert">
              {conflicted}. Your review was not saved; your notes are kept below.
            </p>
          )}
          {!readOnly && noUser && (
            <p className="review__done" role="note">
              {session?.clientId} is signed in without a user: the service records every decision
              under the reviewer who made it, so this client can read the review but not approve or
              reject. Sign in with a reviewer&apos;s own client to decide.
            </p>
          )}
          {readOnly && (
            <div className="review__done" role="status">
              <strong>{current.status === 'approved' ? 'Approved' : 'Rejected'}</strong> by{' '}
              {reviewer ?? 'a reviewer'} on {when(current.reviewCompletedOn)}
              {current.review ? ` · ${current.review.shortId}` : ''}
              {current.notes && <p>Rework notes: {current.notes}</p>}
            </div>
          )}
          <div>
            <h2 className="review__section-title">Document</h2>
            <Facts request={current} names={names} firms={firms} />
          </div>
          <div>
            <h2 className="review__section-title">Checklist</h2>
            <Checklist
              items={current.checklistItems}
              draft={draft}
              readOnly={readOnly}
              selected={selected}
              onSelect={setSelected}
              onChange={(itemId, change) =>
                updateDraft((d) => ({ ...d, items: { ...d.items, [itemId]: change } }))
              }
            />
          </div>
          {!readOnly && (
            <div>
              <label className="review__section-title" htmlFor="rework-notes">
                Rework notes
              </label>
              <textarea
                id="rework-notes"
                className="review__notes"
                placeholder="What has to be fixed (required to reject without a failed item)"
                value={draft.notes}
                onChange={(e) => updateDraft((d) => ({ ...d, notes: e.target.value }))}
              />
            </div>
          )}
        </div>
        {!readOnly && (
          <ReviewActions
            ready={ready}
            blocked={isPending || Boolean(conflicted) || noUser}
            noUser={noUser}
            onDecide={submit}
          />
        )}
      </section>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </div>
  );
}
