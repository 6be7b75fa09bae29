import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ReceivedEventList } from '../../../contract/session.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, ErrorState, Loading } from '../../ui/states.tsx';
import '../../ui/table.css';
import { CheckTabs, type Check } from './check-tabs.tsx';
import { isFiltered, matchesFilters, withoutFilters, type EventFilters } from './event-filters.ts';
import { KNOWN_TYPES } from './event-labels.ts';
import { EventRow } from './event-row.tsx';
import { EventToolbar } from './event-toolbar.tsx';
import { eventQueries } from './events.queries.ts';
import { REFUSED_KEPT } from './received-events.ts';

const REFUSED_POLL_MS = 30_000;

/** How each list speaks of itself. */
const WORDING = {
  verified: {
    noun: ['event', 'events'],
    loading: 'Loading events…',
    failed: 'The events could not be loaded',
    listLabel: 'Received events, newest first',
  },
  refused: {
    noun: ['refused delivery', 'refused deliveries'],
    loading: 'Loading refused deliveries…',
    failed: 'The refused deliveries could not be loaded',
    listLabel: 'Refused deliveries, newest first',
  },
} as const;

function countOf(query: UseQueryResult<ReceivedEventList>): number | undefined {
  return query.isSuccess ? query.data.events.length : undefined;
}

function Empty({ check }: { check: Check }) {
  return check === 'refused' ? (
    <EmptyState title="No refused deliveries">
      <p>
        Every delivery kept for your organization verified. One whose signature does not verify is
        listed here instead of among the events, the latest {REFUSED_KEPT} at most.
      </p>
    </EmptyState>
  ) : (
    <EmptyState title="No events yet">
      <p>
        Deliveries appear here the moment they arrive: when a signed document is ready, or an entity
        is created with an address.
      </p>
    </EmptyState>
  );
}

/**
 * The deliveries the gateway received for the owner, newest first: the verified ones, or on
 * demand the refused ones, filtered by the URL.
 */
export function ReceivedList({
  filters,
  onFilters,
}: {
  filters: EventFilters;
  onFilters: (filters: EventFilters) => void;
}) {
  const check: Check = filters.check ?? 'verified';
  const queryClient = useQueryClient();
  const recent = useQuery(eventQueries.recent());
  // Refused deliveries are not streamed: looked at again now and then, so the tab's count
  // does not stay at what it was when the screen opened.
  const refused = useQuery({ ...eventQueries.refused(), refetchInterval: REFUSED_POLL_MS });
  const list = check === 'refused' ? refused : recent;
  const words = WORDING[check];
  const events = useMemo(() => list.data?.events ?? [], [list.data]);
  const shown = useMemo(() => events.filter((e) => matchesFilters(e, filters)), [events, filters]);
  const seenTypes = useMemo(
    () => [...new Set(events.map((e) => e.type))].filter((t) => !KNOWN_TYPES.includes(t)),
    [events],
  );
  const lookAgain = () =>
    void queryClient.invalidateQueries({ queryKey: eventQueries.refused().queryKey });

  let content;
  if (list.isPending) {
    content = <Loading label={words.loading} />;
  } else if (list.isError) {
    content = (
      <ErrorState
        title={words.failed}
        message={list.error.message}
        action={<Button onClick={() => void list.refetch()}>Try again</Button>}
      />
    );
  } else if (events.length === 0) {
    content = <Empty check={check} />;
  } else if (shown.length === 0) {
    content = (
      <EmptyState title="No events match these filters">
        <Button onClick={() => onFilters(withoutFilters(filters))}>Clear filters</Button>
      </EmptyState>
    );
  } else {
    content = (
      <ol className="row-list events-list" aria-label={words.listLabel}>
        {shown.map((event) => (
          <EventRow key={event.seq} event={event} />
        ))}
      </ol>
    );
  }

  const [one, many] = words.noun;
  return (
    <section className="panel panel--list" aria-label="Received events">
      <CheckTabs
        filters={filters}
        counts={{ verified: countOf(recent), refused: countOf(refused) }}
        onOpenRefused={lookAgain}
      />
      {check === 'refused' && (
        <div className="events-panel__intro events-refused-intro">
          <p>
            Deliveries to your organization’s webhook endpoint whose signature did not verify with
            its secret. Anyone can post to the endpoint, so they are kept apart from the events,
            only the latest {REFUSED_KEPT}, and nothing in them is acted on. They do not arrive
            live: the list is looked at again every 30 seconds.
          </p>
          <div>
            <Button onClick={lookAgain}>Look again</Button>
          </div>
        </div>
      )}
      <EventToolbar
        filters={filters}
        seenTypes={seenTypes}
        onChange={onFilters}
        count={
          !list.isSuccess || events.length === 0
            ? undefined
            : isFiltered(filters)
              ? `${shown.length} of ${events.length} ${many}`
              : `${events.length} ${events.length === 1 ? one : many}`
        }
      />
      {content}
    </section>
  );
}
