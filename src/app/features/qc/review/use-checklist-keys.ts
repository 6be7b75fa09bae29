import { useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ChecklistItem, ChecklistVerdict } from '../../../../contract/qc.ts';
import type { ReviewDraft } from './draft.ts';

type Update = (change: (draft: ReviewDraft) => ReviewDraft) => ReviewDraft;

/** A checklist item's box on screen (checklist.tsx numbers them from 1). */
const checkBox = (index: number) =>
  document.querySelector<HTMLElement>(`[data-testid="check-${index + 1}"]`);

/**
 * The selected checklist item and what the keys do to it (shortcuts.tsx): select by number,
 * move with j/k (so items past the ninth are reachable), pass with Space (and on to the next
 * item still open), fail with f (its note field is focused, since a failure needs a note), N/A
 * with x where the item allows it.
 */
export function useChecklistKeys(items: ChecklistItem[], readOnly: boolean, update: Update) {
  const [selected, setSelectedState] = useState(0);
  // Like the draft, the selection is read by key handlers that may run before a render.
  const selectedRef = useRef(0);
  const setSelected = useCallback((index: number) => {
    selectedRef.current = index;
    setSelectedState(index);
  }, []);

  const keys = useMemo(() => {
    const select = (index: number) => {
      if (index < 0 || index >= items.length) return;
      setSelected(index);
      checkBox(index)?.scrollIntoView({ block: 'nearest' });
    };
    /** Sets (or, pressed again, clears) a verdict; the item's index and the draft, when set. */
    const mark = (verdict: ChecklistVerdict, toggle: boolean) => {
      const index = selectedRef.current;
      const item = items[index];
      if (!item || readOnly) return null;
      if (verdict === 'notApplicable' && !item.allowNA) return null;
      const after = update((d) => {
        const entry = d.items[item.id] ?? {};
        const status = toggle && entry.status === verdict ? undefined : verdict;
        return { ...d, items: { ...d.items, [item.id]: { ...entry, status } } };
      });
      return after.items[item.id]?.status === verdict ? { index, after } : null;
    };
    // On to the next item still open (those decided already, by the machine's passes taken
    // or by hand, are passed over), else the next one.
    const advance = (marked: { index: number; after: ReviewDraft } | null) => {
      if (!marked) return;
      const { index, after } = marked;
      const open = (i: number) => !after.items[items[i]?.id ?? '']?.status;
      const later = items.findIndex((_, i) => i > index && open(i));
      const next = later >= 0 ? later : items.findIndex((_, i) => open(i));
      if (next >= 0) select(next);
      else if (index < items.length - 1) select(index + 1);
    };
    return {
      select,
      move: (delta: 1 | -1) => select(Math.min(items.length - 1, selectedRef.current + delta)),
      // Space passes the selected item and moves on, so a checklist is tapped through.
      toggle: () => advance(mark('approved', true)),
      notApplicable: () => advance(mark('notApplicable', true)),
      // A failure stays on its item: the note is written next, so its field takes the focus
      // (rendered at once, flushSync, so the field exists to be focused).
      fail: () => {
        const marked = flushSync(() => mark('rejected', false));
        if (marked) checkBox(marked.index)?.querySelector<HTMLElement>('.check__note')?.focus();
      },
    };
  }, [items, readOnly, update, setSelected]);

  /** The selected item's index now, ahead of rendering (for keys such as `m`). */
  const selectedNow = useCallback(() => selectedRef.current, []);
  return { selected, setSelected, selectedNow, keys };
}
