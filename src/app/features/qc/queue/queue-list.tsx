import { useRef } from 'react';
import type { QcRequest } from '../../../../contract/qc.ts';
import '../../../ui/table.css';
import { useHolds } from '../holds.ts';
import { useSavingIds } from '../review/index.ts';
import type { QueueFilters } from '../queue-view.ts';
import { summaryOf, type Summaries } from './machine-view.ts';
import { QueueFoot } from './queue-foot.tsx';
import { QueueRow } from './queue-row.tsx';
import { useQueueRows } from './use-queue-rows.ts';
import { useQueueScroll } from './use-queue-scroll.ts';
import { useQueueSelection } from './use-queue-selection.ts';

interface QueueListProps {
  filters: QueueFilters;
  /** The view's search (no `?`): the queue's and the machine's (machine-view.ts). */
  search: string;
  label: string;
  /** The rows shown: those loaded, or those the machine's filter keeps, in its order. */
  items: QcRequest[];
  total: number;
  /** Rows loaded so far; more than `items` when the machine's filter hides some. */
  loaded: number;
  /** The machine's filter or sort is on: the next page loads when asked (machine-note.tsx). */
  narrowed: boolean;
  /** The machine's counts of the rows, by request id. */
  summaries: Summaries;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last try at the next page failed: it is asked for again only when the person says. */
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  focusFilter: () => void;
}

const queueRowHref = (request: QcRequest, search: string) =>
  `/qc/${encodeURIComponent(request.id)}?${search}`;

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

function FirstPageRows({ search, items, total, label }: QueueListProps) {
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
  const { filters, search, items, total, narrowed, summaries } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { holds, me } = useHolds();
  const saving = useSavingIds();
  const holdOf = (id: string) => {
    const hold = holds.get(id);
    return hold && { hold, mine: hold.holder.id === me };
  };
  const hrefFor = (request: QcRequest) => queueRowHref(request, search);
  const virtualizer = useQueueRows(scrollerRef, { ...props, autoLoad: !narrowed });
  const virtualItems = virtualizer.getVirtualItems();
  const { selection, selectedIndex, select, focusWhenShown } = useQueueSelection({
    filters,
    items,
    virtualizer,
    scrollerRef,
    hrefFor,
    focusFilter: props.focusFilter,
  });
  useQueueScroll({ filters, items, virtualizer, scrollerRef, selection, focusWhenShown });

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
                aria-setsize={narrowed ? items.length : total}
                aria-posinset={item.index + 1}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <QueueRow
                  request={request}
                  href={hrefFor(request)}
                  selected={item.index === selectedIndex}
                  hold={holdOf(request.id)}
                  saving={request.status === 'pending' && saving.has(request.id)}
                  machine={summaryOf(summaries, request.id)}
                  onActivate={() => select(item.index, false)}
                />
              </li>
            );
          })}
        </ul>
        <QueueFoot loaded={props.loaded} total={total} narrowed={narrowed} pages={props} />
      </div>
    </>
  );
}
