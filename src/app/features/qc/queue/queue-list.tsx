import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FIRST_SCREEN_CLASS } from '../../../../contract/page-session.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import '../../../ui/table.css';
import { useHolds } from '../holds.ts';
import { useSavingIds } from '../review/index.ts';
import { filtersToSearch, type QueueFilters } from '../queue-view.ts';
import { readQueuePosition, saveQueuePosition } from './queue-position.ts';
import { QueueRow } from './queue-row.tsx';
import { useNarrow } from './use-narrow.ts';
import { useQueueKeys } from './use-queue-keys.ts';

interface QueueListProps {
  filters: QueueFilters;
  label: string;
  items: QcRequest[];
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  focusFilter: () => void;
}

interface Selection {
  id: string;
  index: number;
}

const queueRowHref = (request: QcRequest, search: string) =>
  `/qc/${encodeURIComponent(request.id)}?${search}`;

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

/** The selection's row: where its request is now, else (it left the list) the same place. */
function indexOf(items: QcRequest[], selection: Selection | null | undefined): number {
  if (!selection || items.length === 0) return -1;
  const found = items.findIndex((request) => request.id === selection.id);
  return found >= 0 ? found : Math.min(selection.index, items.length - 1);
}

/**
 * The queue's rows. Rendered in the gateway for a first visit's page
 * (src/app/first-visit/prerender.tsx), they are the first page's rows as they are, which the live
 * list replaces once the app runs.
 */
export function QueueList(props: QueueListProps) {
  return typeof window === 'undefined' ? (
    <FirstPageRows {...props} />
  ) : (
    <LiveQueueList {...props} />
  );
}

function ListHead() {
  return (
    <div className="row-list__head qc-list__head" aria-hidden="true">
      <span>Matter</span>
      <span>Prepared</span>
      <span>Signed</span>
      <span>Roles</span>
      <span className="qc-list__head-age">Age</span>
    </div>
  );
}

function FirstPageRows({ filters, items, total, label }: QueueListProps) {
  const search = filtersToSearch(filters);
  return (
    <>
      <ListHead />
      <div className="qc-scroller" data-qc-scroller="">
        <ul className="qc-list qc-list--static" role="list" aria-label={label}>
          {items.map((request, index) => (
            <li
              key={request.id}
              data-qc-row=""
              data-request-id={request.id}
              className="qc-list__item"
              aria-setsize={total}
              aria-posinset={index + 1}
            >
              <QueueRow
                request={request}
                href={queueRowHref(request, search)}
                selected={false}
                onActivate={() => {}}
              />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/**
 * The queue's rows in their own scroll area, virtualized: only the rows in view (plus a few)
 * are in the DOM however long the list, and the next page loads before the end is reached.
 * The list mounts once its view has rows (keyed by the view), so a saved position applies
 * on mount.
 */
function LiveQueueList(props: QueueListProps) {
  const { filters, items, total, hasNextPage, isFetchingNextPage, fetchNextPage } = props;
  const navigate = useNavigate();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow();
  const { holds, me } = useHolds();
  const saving = useSavingIds();
  const [selection, setSelection] = useState(() => readQueuePosition(filters)?.selected);
  const focusIndex = useRef<number | null>(null);
  const selectedIndex = indexOf(items, selection);
  const search = filtersToSearch(filters);
  const holdOf = (id: string) => {
    const hold = holds.get(id);
    return hold && { hold, mine: hold.holder.id === me };
  };
  const hrefFor = (request: QcRequest) => queueRowHref(request, search);
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
  const virtualItems = virtualizer.getVirtualItems();

  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - PREFETCH_ROWS) {
      void fetchNextPage();
    }
  }, [lastIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const remember = (selected: Selection | undefined) =>
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
      const top = virtualizer.scrollOffset ?? 0;
      const first = virtualItems.find((item) => item.start >= top) ?? virtualItems[0];
      select(first?.index ?? 0, true);
    },
    open: () => {
      const request = items[selectedIndex];
      if (request) navigate(hrefFor(request));
    },
    focusFilter: props.focusFilter,
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

  // Coming back to this view: the same scroll, and the selected row in view and focused.
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const saved = readQueuePosition(filters);
    if (saved?.scrollTop) virtualizer.scrollToOffset(saved.scrollTop);
    const index = indexOf(items, saved?.selected);
    if (index < 0) return;
    focusIndex.current = index;
    // Once the offset above has settled: moves only if the row is out of view.
    requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'auto' }));
  }, [items, filters, virtualizer]);

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
  }, [filters]);

  return (
    <>
      <ListHead />
      <div className="qc-scroller" ref={scrollerRef} data-qc-scroller="">
        <ul
          className="qc-list"
          role="list"
          aria-label={props.label}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualItems.map((item) => {
            const request = items[item.index];
            if (!request) return null;
            return (
              <li
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                data-qc-row=""
                className="qc-list__item"
                aria-setsize={total}
                aria-posinset={item.index + 1}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <QueueRow
                  request={request}
                  href={hrefFor(request)}
                  selected={item.index === selectedIndex}
                  hold={holdOf(request.id)}
                  saving={request.status === 'pending' && saving.has(request.id)}
                  onActivate={() => select(item.index, false)}
                />
              </li>
            );
          })}
        </ul>
        <p className="qc-list__foot" role="status">
          {isFetchingNextPage
            ? 'Loading more…'
            : hasNextPage
              ? `${items.length.toLocaleString()} of ${total.toLocaleString()} loaded`
              : `All ${total.toLocaleString()} shown`}
        </p>
      </div>
    </>
  );
}
