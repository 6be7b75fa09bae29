import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from '../../ui/button.tsx';
import { EmptyState, ErrorState, Loading } from '../../ui/states.tsx';
import { isFiltered, matchesFilters, type EventFilters } from './event-filters.ts';
import { KNOWN_TYPES } from './event-labels.ts';
import { EventRow } from './event-row.tsx';
import { EventToolbar } from './event-toolbar.tsx';
import { eventQueries } from './events.queries.ts';

/** The deliveries the gateway received for the owner, newest first, filtered by the URL. */
export function ReceivedList({
  filters,
  onFilters,
}: {
  filters: EventFilters;
  onFilters: (filters: EventFilters) => void;
}) {
  const recent = useQuery(eventQueries.recent());
  const events = useMemo(() => recent.data?.events ?? [], [recent.data]);
  const shown = useMemo(() => events.filter((e) => matchesFilters(e, filters)), [events, filters]);
  const seenTypes = useMemo(
    () => [...new Set(events.map((e) => e.type))].filter((t) => !KNOWN_TYPES.includes(t)),
    [events],
  );

  let content;
  if (recent.isPending) {
    content = <Loading label="Loading events…" />;
  } else if (recent.isError) {
    content = (
      <ErrorState
        title="The events could not be loaded"
        message={recent.error.message}
        action={<Button onClick={() => void recent.refetch()}>Try again</Button>}
      />
    );
  } else if (events.length === 0) {
    content = (
      <EmptyState title="No events yet">
        <p>
          Deliveries appear here the moment they arrive: when a signed document is ready, or an
          entity is created with an address.
        </p>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState title="No events match these filters">
        <Button onClick={() => onFilters({})}>Clear filters</Button>
      </EmptyState>
    );
  } else {
    content = (
      <ol className="events-list" aria-label="Received events, newest first">
        {shown.map((event) => (
          <EventRow key={event.seq} event={event} />
        ))}
      </ol>
    );
  }

  return (
    <section className="events-panel panel" aria-label="Received events">
      <EventToolbar filters={filters} seenTypes={seenTypes} onChange={onFilters} />
      {recent.isSuccess && events.length > 0 && (
        <p className="events-count" aria-live="polite">
          {isFiltered(filters)
            ? `${shown.length} of ${events.length} events`
            : `${events.length} event${events.length === 1 ? '' : 's'}`}
        </p>
      )}
      {content}
    </section>
  );
}
