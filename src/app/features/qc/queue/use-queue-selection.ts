import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { QcRequest } from '../../../../contract/qc.ts';
import type { QueueFilters } from '../queue-view.ts';
import {
  readQueuePosition,
  rowOf,
  saveQueuePosition,
  type QueueSelection,
} from './queue-position.ts';
import { useQueueKeys } from './use-queue-keys.ts';
import type { QueueVirtualizer } from './use-queue-rows.ts';

// The queue's selected row (queue-list.tsx): chosen by a click or by j/k, remembered for the
// view (queue-position.ts), opened with Enter, and focused once it is rendered.

interface SelectionOptions {
  filters: QueueFilters;
  items: QcRequest[];
  virtualizer: QueueVirtualizer;
  scrollerRef: RefObject<HTMLDivElement | null>;
  hrefFor: (request: QcRequest) => string;
  focusFilter: () => void;
}

export function useQueueSelection({
  filters,
  items,
  virtualizer,
  scrollerRef,
  hrefFor,
  focusFilter,
}: SelectionOptions) {
  const navigate = useNavigate();
  const [selection, setSelection] = useState(() => readQueuePosition(filters)?.selected);
  const focusIndex = useRef<number | null>(null);
  const selectedIndex = rowOf(items, selection);

  const remember = (selected: QueueSelection | undefined) =>
    saveQueuePosition(filters, {
      ...(selected ? { selected } : {}),
      scrollTop: scrollerRef.current?.scrollTop ?? 0,
    });

  const select = (index: number, move: boolean) => {
    const request = items[index];
    if (!request) return;
    const next = { id: request.id, index };
    setSelection(next);
    remember(next);
    if (move) {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      focusIndex.current = index;
    }
  };

  useQueueKeys({
    move: (delta) => {
      if (items.length === 0) return;
      if (selectedIndex >= 0) {
        select(Math.min(items.length - 1, Math.max(0, selectedIndex + delta)), true);
        return;
      }
      // Nothing selected yet: start from the first row in view, not the top of the list.
      const virtualItems = virtualizer.getVirtualItems();
      const top = virtualizer.scrollOffset ?? 0;
      const first = virtualItems.find((item) => item.start >= top) ?? virtualItems[0];
      select(first?.index ?? 0, true);
    },
    open: () => {
      const request = items[selectedIndex];
      if (request) navigate(hrefFor(request));
    },
    focusFilter,
  });

  // Focus follows j/k once the row is rendered (scrolling to it may take a render or two).
  useLayoutEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    const link = scrollerRef.current?.querySelector<HTMLElement>(
      `[data-index="${index}"] .qc-row__link`,
    );
    if (!link) return;
    focusIndex.current = null;
    link.focus({ preventScroll: true });
  });

  return {
    selection,
    selectedIndex,
    select,
    /** Focuses row `index` once it is rendered. */
    focusWhenShown: (index: number) => {
      focusIndex.current = index;
    },
  };
}
