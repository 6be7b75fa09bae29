import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { itemsOpenForApproval, type QcRequest } from '../../../../contract/qc.ts';
import { draftStore, EMPTY_DRAFT, type ReviewDraft } from './draft-store.ts';
import { regionsOf, withPointer } from './marks.ts';

// A review in progress, kept per reviewer and request (draft-store.ts) so a reload, a closed
// tab or a browser restart loses nothing; cleared when the decision is saved.

export type { ItemDraft, ReviewDraft } from './draft-store.ts';

// A screen still showing the request (the reviewer went back to it while its decision was
// on the way) hears that the draft was saved, and stops holding it as unsaved work.
const cleared = new EventTarget();

/** Drops a request's draft once its decision is saved. */
export function clearDraft(scope: string | null, id: string): void {
  draftStore(scope).remove(id);
  cleared.dispatchEvent(new CustomEvent(id));
}

/**
 * The draft of request `id` for the reviewer `scope` (user-storage.ts). The screen is keyed
 * by both, so another request or another person starts from their own draft.
 */
export function useDraft(id: string, scope: string | null) {
  const store = useMemo(() => draftStore(scope), [scope]);
  const [draft, setDraft] = useState<ReviewDraft>(() => store.read(id));
  // The draft ahead of rendering: keys pressed faster than React renders (a checklist
  // tapped through with Space, then `a`) each build on the one before, none is lost.
  const latest = useRef(draft);
  const update = useCallback(
    (change: (draft: ReviewDraft) => ReviewDraft) => {
      const next = change(latest.current);
      latest.current = next;
      store.write(id, next);
      setDraft(next);
      return next;
    },
    [id, store],
  );
  useEffect(() => {
    const reset = () => {
      latest.current = EMPTY_DRAFT;
      setDraft(EMPTY_DRAFT);
    };
    cleared.addEventListener(id, reset);
    return () => cleared.removeEventListener(id, reset);
  }, [id]);
  const discard = useCallback(() => update(() => EMPTY_DRAFT), [update]);
  const latestDraft = useCallback(() => latest.current, []);
  return [draft, update, latestDraft, discard] as const;
}

/** What the draft allows: approve needs every item approved or not applicable; reject needs a rejected item or notes. */
export function readiness(request: QcRequest, draft: ReviewDraft) {
  const verdict = (id: string) => draft.items[id]?.status;
  const open = itemsOpenForApproval(request.checklistItems, verdict);
  const rejected = request.checklistItems.filter((i) => verdict(i.id) === 'rejected');
  return {
    open,
    canApprove: open.length === 0,
    canReject: rejected.length > 0 || draft.notes.trim() !== '',
  };
}

export function patchOf(
  request: QcRequest,
  draft: ReviewDraft,
  status: 'approved' | 'rejected',
  reviewedBy: string,
) {
  return {
    status,
    reviewedBy,
    checklistItems: request.checklistItems
      .filter((item) => draft.items[item.id]?.status)
      .map((item) => {
        const entry = draft.items[item.id] ?? {};
        const note = entry.note?.trim() ?? '';
        // A failed item's note points to the pages it is marked on (ADR 029), so the
        // service's record says where; only a rejection has failed items.
        const said = status === 'rejected' ? withPointer(note, regionsOf(entry)) : note;
        return { id: item.id, status: entry.status, ...(said ? { reviewerNote: said } : {}) };
      }),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
  };
}
