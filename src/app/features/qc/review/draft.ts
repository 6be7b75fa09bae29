import { useCallback, useRef, useState } from 'react';
import {
  itemsOpenForApproval,
  type ChecklistVerdict,
  type QcRequest,
} from '../../../../contract/qc.ts';

// A review in progress, kept per request in sessionStorage so a reload or a crash loses
// nothing; cleared when the decision is saved.

export interface ItemDraft {
  status?: ChecklistVerdict | undefined;
  note?: string | undefined;
}

export interface ReviewDraft {
  items: Record<string, ItemDraft>;
  notes: string;
}

const EMPTY: ReviewDraft = { items: {}, notes: '' };
const keyOf = (id: string) => `attest:qc-draft:${id}`;

export function readDraft(id: string): ReviewDraft {
  try {
    const raw = sessionStorage.getItem(keyOf(id));
    if (!raw) return EMPTY;
    const parsed = JSON.parse(raw) as Partial<ReviewDraft>;
    return {
      items: parsed.items ?? {},
      notes: typeof parsed.notes === 'string' ? parsed.notes : '',
    };
  } catch {
    return EMPTY;
  }
}

export function clearDraft(id: string): void {
  sessionStorage.removeItem(keyOf(id));
}

export function useDraft(id: string) {
  // The review screen is keyed by request, so a different request starts from its own draft.
  const [draft, setDraft] = useState<ReviewDraft>(() => readDraft(id));
  // The draft ahead of rendering: keys pressed faster than React renders (a checklist
  // tapped through with Space, then `a`) each build on the one before, none is lost.
  const latest = useRef(draft);
  const update = useCallback(
    (change: (draft: ReviewDraft) => ReviewDraft) => {
      const next = change(latest.current);
      latest.current = next;
      const empty = Object.keys(next.items).length === 0 && next.notes === '';
      if (empty) sessionStorage.removeItem(keyOf(id));
      else sessionStorage.setItem(keyOf(id), JSON.stringify(next));
      setDraft(next);
      return next;
    },
    [id],
  );
  const latestDraft = useCallback(() => latest.current, []);
  return [draft, update, latestDraft] as const;
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
        return {
          id: item.id,
          status: entry.status,
          ...(entry.note?.trim() ? { reviewerNote: entry.note.trim() } : {}),
        };
      }),
    ...(draft.notes.trim() ? { notes: draft.notes.trim() } : {}),
  };
}
