import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState, type RefObject } from 'react';
import { FIRST_SCREEN_CLASS } from '../../../../contract/page-session.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import { useNarrow } from './use-narrow.ts';

// Which of the queue's rows are in the DOM (queue-list.tsx): only those in view, plus a few,
// however long the list, and the next page asked for before the end is reached.

/** Start loading the next page while this many loaded rows are still below the view. */
const PREFETCH_ROWS = 25;

function estimate(request: QcRequest | undefined, narrow: boolean): number {
  const note = request?.status === 'rejected' && request.notes ? 1 : 0;
  return narrow ? 150 + note * 44 : 66 + note * 34;
}

// The live list's first render takes over the gateway's first screen (ADR 025), laid out
// and painted already. Sized from it, the virtualizer finds nothing to correct once the new
// rows are measured: no second render in the same task, before the takeover can paint.

/** The size of the gateway's scroll area this list replaces, if the page has one. */
function servedScrollerRect() {
  const served = document.querySelector(`.${FIRST_SCREEN_CLASS} [data-qc-scroller]`);
  if (!served) return undefined;
  const { width, height } = served.getBoundingClientRect();
  return { width, height };
}

/** The heights of the gateway's rows, by request id, as the virtualizer measures a row. */
function servedRowHeights() {
  const rows = document.querySelectorAll<HTMLElement>(`.${FIRST_SCREEN_CLASS} [data-qc-row]`);
  return new Map([...rows].map((row) => [row.dataset.requestId, row.offsetHeight]));
}

export interface QueuePages {
  items: QcRequest[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  /** The next page loads as the end comes near; false: only when asked (machine-note.tsx). */
  autoLoad?: boolean;
}

/** The virtualizer of the rows in `scrollerRef`'s area, which loads the next page ahead. */
export function useQueueRows(
  scrollerRef: RefObject<HTMLDivElement | null>,
  {
    items,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    autoLoad = true,
  }: QueuePages,
) {
  const narrow = useNarrow();
  // Read once, as the list mounts over the gateway's screen (gone after this commit).
  const [served] = useState(() => ({ rect: servedScrollerRect(), heights: servedRowHeights() }));

  // No React Compiler here: the virtualizer's own re-renders keep the rows current.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (index) => served.heights.get(items[index]?.id) ?? estimate(items[index], narrow),
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 6,
    // Rows in the very first render, before the scroll area has been measured (else the
    // first frame with data shows none, and the rows wait a render: ADR 017). The window
    // bounds the area; the real size replaces it once it is laid out.
    initialRect: served.rect ?? { width: window.innerWidth, height: window.innerHeight },
    scrollPaddingStart: 8,
    scrollPaddingEnd: 8,
  });

  const lastIndex = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  // Not again by itself after a failed try (its retries spent): the list's foot offers it.
  const wanted = autoLoad && hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    if (wanted && lastIndex >= items.length - PREFETCH_ROWS) void fetchNextPage();
  }, [wanted, lastIndex, items.length, fetchNextPage]);

  return virtualizer;
}

export type QueueVirtualizer = ReturnType<typeof useQueueRows>;
