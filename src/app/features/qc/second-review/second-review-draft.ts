import { useCallback, useMemo, useRef, useState } from 'react';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import type { SecondReviewBody } from '../../../../contract/qc-management.ts';
import { draftStore, EMPTY_DRAFT, type ReviewDraft } from '../review/index.ts';

// A second review in progress, kept in the browser like a first review's draft (the same
// bounded, per-person store, review/draft-store.ts) under an id of its own, so the two
// never meet: a reload, a closed tab or a restart loses nothing until it is sent.

const draftId = (requestId: string) => `second:${requestId}`;

export function useSecondDraft(requestId: string, scope: string | null) {
  const store = useMemo(() => draftStore(scope), [scope]);
  const [draft, setDraft] = useState<ReviewDraft>(() => store.read(draftId(requestId)));
  // Changes build on the latest one, not on the last render's.
  const latest = useRef(draft);
  const update = useCallback(
    (change: (draft: ReviewDraft) => ReviewDraft) => {
      const next = change(latest.current);
      latest.current = next;
      store.write(draftId(requestId), next);
      setDraft(next);
    },
    [requestId, store],
  );
  const clear = useCallback(() => {
    latest.current = EMPTY_DRAFT;
    store.remove(draftId(requestId));
    setDraft(EMPTY_DRAFT);
  }, [requestId, store]);
  return { draft, update, clear };
}

type Item = Pick<ChecklistItem, 'id' | 'displayName'>;

/**
 * What stands between the draft and sending it: every item needs a verdict, and a failed
 * one a note saying what is wrong (an admin reads it beside the first review).
 */
export function missingOf(items: readonly Item[], draft: ReviewDraft) {
  const unanswered = items.filter((item) => !draft.items[item.id]?.status);
  const unexplained = items.filter(
    (item) => draft.items[item.id]?.status === 'rejected' && !draft.items[item.id]?.note?.trim(),
  );
  return { unanswered, unexplained, ready: unanswered.length + unexplained.length === 0 };
}

/** The body of `PUT /team/samples/{id}/review`, from a ready draft. */
export function bodyOf(items: readonly Item[], draft: ReviewDraft): SecondReviewBody {
  const notes = draft.notes.trim();
  return {
    items: items.flatMap((item) => {
      const entry = draft.items[item.id];
      if (!entry?.status) return [];
      const note = entry.note?.trim();
      return [{ id: item.id, verdict: entry.status, ...(note ? { note } : {}) }];
    }),
    ...(notes ? { notes } : {}),
  };
}
