import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Button } from '../../ui/button.tsx';
import { EmptyState, ErrorState, Loading } from '../../ui/states.tsx';
import '../../ui/table.css';
import { DeliveryRow } from './delivery-row.tsx';
import { DELIVERIES_SHOWN, eventQueries } from './events.queries.ts';

/** While a message is on its way its status changes by itself: look again every second. */
const PENDING_POLL_MS = 1000;

/** The sandbox service's own record of what it sent, with redelivery (admins of a sandbox). */
export function DeliveriesPanel() {
  const deliveries = useQuery({
    ...eventQueries.deliveries(),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false,
  });
  const recent = useQuery(eventQueries.recent());
  const received = useMemo(
    () => new Set(recent.data?.events.filter((e) => e.verified).map((e) => e.hookId)),
    [recent.data],
  );

  let content;
  if (deliveries.isPending) {
    content = <Loading label="Loading the service’s deliveries…" />;
  } else if (deliveries.isError) {
    content = (
      <ErrorState
        title="The deliveries could not be loaded"
        message={deliveries.error.message}
        action={<Button onClick={() => void deliveries.refetch()}>Try again</Button>}
      />
    );
  } else if (deliveries.data.deliveries.length === 0) {
    content = (
      <EmptyState title="The service has sent nothing yet">
        <p>Messages appear here as the service publishes them.</p>
      </EmptyState>
    );
  } else {
    content = (
      <ol className="row-list events-list" aria-label="Service deliveries, newest first">
        {deliveries.data.deliveries.map((delivery) => (
          <DeliveryRow key={delivery.id} delivery={delivery} received={received.has(delivery.id)} />
        ))}
      </ol>
    );
  }

  return (
    <section className="panel panel--list" aria-label="Service deliveries">
      <div className="events-panel__intro">
        <p>
          The sandbox service’s outbox: every message it published for this organization, its
          attempts and the answers it got. A redelivery keeps its hook-id, so the received list,
          which de-duplicates on it, does not show it twice.
        </p>
        {deliveries.isSuccess && (
          <p className="events-count">
            Latest {Math.min(DELIVERIES_SHOWN, deliveries.data.deliveries.length)} of{' '}
            {deliveries.data.pagination.totalCount}
          </p>
        )}
      </div>
      {content}
    </section>
  );
}
