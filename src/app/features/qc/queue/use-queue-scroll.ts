import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { QcRequest } from '../../../../contract/qc.ts';
import type { QueueFilters } from '../queue-view.ts';
import {
  readQueuePosition,
  rowOf,
  saveQueuePosition,
  type QueueSelection,
} from './queue-position.ts';
import type { QueueVirtualizer } from './use-queue-rows.ts';

// Where the queue's list was scrolled (queue-list.tsx): given back when a person comes back
// to the view, and remembered as it settles.

interface ScrollOptions {
  filters: QueueFilters;
  items: QcRequest[];
  virtualizer: QueueVirtualizer;
  scrollerRef: RefObject<HTMLDivElement | null>;
  selection: QueueSelection | undefined;
  focusWhenShown: (index: number) => void;
}

export function useQueueScroll({
  filters,
  items,
  virtualizer,
  scrollerRef,
  selection,
  focusWhenShown,
}: ScrollOptions) {
  // Coming back to this view: the same scroll, and the selected row in view and focused.
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = readQueuePosition(filters);
    if (saved?.scrollTop) virtualizer.scrollToOffset(saved.scrollTop);
    const index = rowOf(items, saved?.selected);
    if (index < 0) return;
    focusWhenShown(index);
    // Once the offset above has settled: moves only if the row is out of view.
    requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'auto' }));
  }, [items, filters, virtualizer, focusWhenShown]);

  // The scroll is remembered as it settles.
  const selectionRef = useRef(selection);
  useEffect(() => {
    selectionRef.current = selection;
  });
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const selected = selectionRef.current;
        saveQueuePosition(filters, {
          ...(selected ? { selected } : {}),
          scrollTop: scroller.scrollTop,
        });
      }, 150);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [filters, scrollerRef]);
}
