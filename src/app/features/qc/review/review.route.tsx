import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../../client/api-error.ts';
import { decideQcRequest, getQcRequest } from '../../../../client/qc.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import { sessionQueries } from '../../../session.queries.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { pushToast } from '../../../ui/toast-store.ts';
import { PdfErrorBoundary, PdfPreview } from '../../pdf/pdf-preview.tsx';
import { preparePdf } from '../../pdf/pdf-documents.ts';
import { filtersFromSearch, qcQueries, queueNeighbours, removeFromQueue } from '../qc.queries.ts';
import { rememberQueueSelection } from '../queue/queue-position.ts';
import { Checklist } from './checklist.tsx';
import { conflictOf, noteConflict } from './conflicts.ts';
import { clearDraft, patchOf, readiness, useDraft, type ReviewDraft } from './draft.ts';
import { when } from '../../../ui/dates.ts';
import { Facts } from './facts.tsx';
import { peopleQueries } from './people.ts';
import { ShortcutsDialog, useShortcuts } from './shortcuts.tsx';
import './review.css';

type Decision = 'approved' | 'rejected';
interface Submission {
  status: Decision;
  current: QcRequest;
  draft: ReviewDraft;
}

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
  const owner = session?.owner ?? '';
  const request = useQuery(qcQueries.detail(qcrId));
  const names =
    useQuery({ ...peopleQueries.users(owner), enabled: Boolean(owner) }).data ??
    new Map<string, string>();
  const firms =
    useQuery({ ...peopleQueries.firms(owner), enabled: Boolean(owner) }).data ??
    new Map<string, string>();
  // Re-render when the queue pages change, so neighbours follow the list.
  const list = useInfiniteQuery({ ...qcQueries.list(filters), refetchOnMount: false });
  const neighbours = queueNeighbours(client, filters, qcrId);
  // On the last request loaded, the queue's next page comes in, so "next" never runs dry
  // while the queue has more (a reviewer works through far more than one page).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const atEnd = Boolean(neighbours.last);
  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage().catch(() => {});
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);
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

  const decide = useMutation({
    mutationFn: ({ status, current, draft }: Submission) => {
      const userId = session?.user?.id;
      if (!userId) throw new Error('Sign in as a person to record a review.');
      return decideQcRequest(current.id, patchOf(current, draft, status, userId));
    },
    // The next document goes on screen at once (it and its PDF are prefetched) while the
    // decision is saved behind it. The draft stays in session storage until the save succeeds.
    onMutate: async ({ status, current }) => {
      const next = neighbours.next;
      navigate(next ? hrefOf(next.id) : `/qc?${search.toString()}`);
      // A list fetch under way would write the old page back over the optimistic one.
      await client.cancelQueries({ queryKey: qcQueries.lists() });
      await client.cancelQueries({ queryKey: qcQueries.allCounts() });
      return { rollback: removeFromQueue(client, current.id, status) };
    },
    onSuccess: (saved) => {
      clearDraft(saved.id);
      client.setQueryData(qcQueries.detail(saved.id).queryKey, saved);
      // Mark lists and counts stale without refetching now: the queue refreshes when shown.
      void client.invalidateQueries({ queryKey: qcQueries.lists(), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: qcQueries.allCounts(), refetchType: 'none' });
    },
    // Not saved: the request goes back in the queue and the reviewer back to it, draft intact.
    onError: async (error, { current }, context) => {
      context?.rollback();
      void client.invalidateQueries({ queryKey: qcQueries.allCounts() });
      if (error instanceof ApiError && error.status === 409) {
        // Say who decided and when, in names.
        const saved = await getQcRequest(current.id).catch(() => undefined);
        const by = saved?.reviewedBy
          ? (names.get(saved.reviewedBy) ?? 'another reviewer')
          : 'another reviewer';
        const verb = saved?.status === 'rejected' ? 'rejected' : 'approved';
        noteConflict(current.id, `Already ${verb} by ${by} on ${when(saved?.reviewCompletedOn)}`);
      } else {
        pushToast({
          tone: 'error',
          title: `Your review of ${current.document.matterReference} was not saved`,
          description: error.message,
        });
      }
      navigate(hrefOf(current.id));
    },
  });

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
          <div className="review__top">
            <div className="review__crumbs">
              <Link to={`/qc?${search.toString()}`}>← Queue</Link>
              <span>
                <Button
                  variant="ghost"
                  disabled={!neighbours.previous}
                  onClick={handlers.previous}
                  aria-label="Previous document (p)"
                >
                  ‹ Prev
                </Button>
                <Button
                  variant="ghost"
                  disabled={!neighbours.next}
                  onClick={handlers.next}
                  aria-label="Next document (n)"
                >
                  Next ›
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => setHelp(true)}
                  aria-label="Keyboard shortcuts (?)"
                >
                  ?
                </Button>
              </span>
            </div>
            <h1 className="review__title" id="review-title">
              {current.document.matterReference}
            </h1>
            <div className="review__status">
              <Badge tone={current.status === 'pending' ? 'accent' : 'neutral'}>
                {current.status}
              </Badge>
              <span>Created {when(current.createdOn)}</span>
            </div>
          </div>
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
          <div className="review__actions">
            <Button
              className="button--approve"
              disabled={!ready?.canApprove || isPending || Boolean(conflicted) || noUser}
              onClick={() => submit('approved')}
            >
              Approve and next
            </Button>
            <Button
              className="button--reject"
              disabled={!ready?.canReject || isPending || Boolean(conflicted) || noUser}
              onClick={() => submit('rejected')}
            >
              Reject and next
            </Button>
            <p className="review__hint">
              {noUser
                ? 'Deciding needs a signed-in user; this client has none.'
                : ready?.canApprove
                  ? 'Every item passes.'
                  : `${ready?.open.length ?? 0} item(s) still open.`}{' '}
              Press <kbd>?</kbd> for shortcuts.
            </p>
          </div>
        )}
      </section>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </div>
  );
}
