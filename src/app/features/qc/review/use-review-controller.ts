import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFirmNames, useUserNames } from '../../../lookups.queries.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import { memberIdOf } from '../../../../contract/team.ts';
import { grants, sessionQueries } from '../../../session.queries.ts';
import { afterNextPaint } from '../../../ui/next-paint.ts';
import { prepareStandby } from '../../../pdf/pdf-standby.ts';
import type { RegionChannel } from '../../../pdf/regions/region-channel.ts';
import { useOnTeam } from '../holds.ts';
import { checkQueries } from '../checks.queries.ts';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch } from '../queue-view.ts';
import { rememberQueueSelection } from '../queue/index.ts';
import { conflictOf } from './conflicts.ts';
import { useDecide, type Decision } from './decide-mutation.ts';
import { readiness, useDraft } from './draft.ts';
import { isEmptyDraft } from './draft-store.ts';
import { useSavingIds } from './outbox/use-outbox.ts';
import { useShortcuts } from './shortcuts.tsx';
import { useChecklistKeys } from './use-checklist-keys.ts';
import { useHold } from './use-hold.ts';
import { useMachineReview } from './use-machine-review.ts';
import { useMarks } from './use-marks.ts';
import { useQueueNeighbours } from './use-queue-neighbours.ts';

// What a review screen does, apart from what it shows (review.route.tsx): the draft, the
// next document prepared in the background, the hold, when a decision may be made, and
// the keys.

/** How long a listed request's download link is trusted to open the next document. */
const LISTED_LINK_FRESH_MS = 5 * 60_000;

export interface ReviewControllerProps {
  current: QcRequest;
  scope: string | null;
  /** Once the document's first page is on screen. */
  shown: boolean;
  onHelp: () => void;
  /** What is drawn over the document: the failed items' regions, and marking (use-marks.ts). */
  regions: RegionChannel;
}

export function useReviewController({
  current,
  scope,
  shown,
  onHelp,
  regions,
}: ReviewControllerProps) {
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
      // Its history too, so the next screen shows it at once and fetches nothing on opening;
      // and whether the machine has read it (asking queues it), its verdicts if it has.
      if (onTeam) void client.prefetchQuery(qcQueries.teamHistory(next.id));
      if (onTeam) void client.prefetchQuery(checkQueries.result(next.id));
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
  // Decided here and kept in the outbox, not yet saved: it is not offered again (ADR 026).
  const saving = useSavingIds().has(qcrId) && !readOnly;
  const locked = readOnly || saving;
  // Decided, yet this reviewer has a draft of it: someone else was first (conflict-view.tsx).
  const clash = readOnly && !isEmptyDraft(draft);
  const checks = useChecklistKeys(current.checklistItems, locked, updateDraft);
  // The machine's verdicts (ADR 042), for the team, of a request still to decide.
  const machine = useMachineReview({
    current,
    enabled: onTeam && !readOnly,
    locked,
    draft,
    updateDraft,
    selected: checks.selected,
    selectedNow: checks.selectedNow,
    select: checks.keys.select,
    channel: regions,
    names,
  });
  const marks = useMarks({
    current,
    draft,
    updateDraft,
    latestDraft,
    locked,
    channel: regions,
    selected: checks.selectedNow,
    select: checks.keys.select,
    machine: machine.regions,
  });
  // A decision names its reviewer (reviewedBy): a client whose token names no user cannot
  // record one, so the review says why instead of failing on the first key.
  const noUser = Boolean(session && !session.user);
  // The team's hold on it (ADR 020): only its holder decides.
  const hold = useHold(qcrId, !locked && onTeam, session && memberIdOf(session));
  const { blocks: holdBlocks, markDeciding } = hold;
  // Once per screen: a key pressed twice before the next document renders decides once.
  const submitted = useRef(false);
  const submit = useCallback(
    (status: Decision) => {
      if (locked || conflicted || noUser || submitted.current) return;
      if (holdBlocks) return;
      const latest = latestDraft();
      const allowed = readiness(current, latest);
      if (status === 'approved' ? !allowed.canApprove : !allowed.canReject) return;
      submitted.current = true;
      markDeciding();
      void decide({ status, current, draft: latest }).then((made) => {
        if (!made) submitted.current = false;
      });
    },
    [current, locked, conflicted, noUser, decide, latestDraft, holdBlocks, markDeciding],
  );
  const { keys: checkKeys, selectedNow } = checks;
  const { reveal, keys: machineKeys } = machine;
  const handlers = useMemo(() => {
    // An item selected from the keyboard shows the machine's region of it on the page.
    const moving =
      <A extends unknown[]>(key: (...args: A) => void) =>
      (...args: A) => {
        const before = selectedNow();
        key(...args);
        if (selectedNow() !== before) reveal(selectedNow());
      };
    return {
      approve: () => submit('approved'),
      reject: () => submit('rejected'),
      next: () => neighbours.next && navigate(hrefOf(neighbours.next.id)),
      previous: () => neighbours.previous && navigate(hrefOf(neighbours.previous.id)),
      ...checkKeys,
      select: (index: number) => {
        checkKeys.select(index);
        reveal(index);
      },
      move: moving(checkKeys.move),
      toggle: moving(checkKeys.toggle),
      notApplicable: moving(checkKeys.notApplicable),
      mark: marks.markKey,
      ...machineKeys,
      help: onHelp,
    };
  }, [
    submit,
    neighbours,
    navigate,
    hrefOf,
    checkKeys,
    selectedNow,
    reveal,
    machineKeys,
    marks.markKey,
    onHelp,
  ]);
  useShortcuts(handlers);

  return {
    session,
    manager: Boolean(session && grants(session, ['qc.manage'])),
    names,
    firms,
    neighbours,
    draft,
    updateDraft,
    discardDraft,
    conflicted,
    queueHref,
    ready,
    readOnly,
    saving,
    locked,
    clash,
    checks,
    machine: machine.view,
    marks: marks.actions,
    noUser,
    hold,
    holdBlocks,
    submit,
    handlers,
  };
}
