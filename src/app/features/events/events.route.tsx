import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { hasAny, sessionQueries } from '../../session.queries.ts';
import { useLiveStatus } from '../../shell/live-events.ts';
import { Page } from '../../ui/page.tsx';
import { LinkTabs } from '../../ui/tabs.tsx';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { filtersToSearch, filtersFromSearch, type EventFilters } from './event-filters.ts';
import { ReceivedList } from './received-list.tsx';
import './events.css';

function LiveIndicator() {
  const status = useLiveStatus();
  const text = status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Offline';
  return (
    <p className={`events-live events-live--${status}`} role="status">
      <span className="events-live__dot" aria-hidden="true" />
      {text}
      <span className="visually-hidden">
        {status === 'live' ? ': new events appear as they arrive' : ''}
      </span>
    </p>
  );
}

type View = 'received' | 'sent';

function ViewTabs({ view, filters }: { view: View; filters: EventFilters }) {
  const tabs: { view: View; label: string; search: string }[] = [
    { view: 'received', label: 'Received', search: filtersToSearch(filters) },
    {
      view: 'sent',
      label: 'Sent by the service',
      search: filtersToSearch(filters, { view: 'sent' }),
    },
  ];
  return (
    <LinkTabs
      label="Event views"
      flush
      tabs={tabs.map((tab) => ({
        key: tab.view,
        to: `?${tab.search}`,
        label: tab.label,
        current: tab.view === view,
        ...(tab.view === 'sent' && { extra: <span className="events-tab__tag">Sandbox</span> }),
      }))}
    />
  );
}

/**
 * The event log (`/events`, anyone signed in): webhook deliveries received for the owner,
 * live. Admins of a sandbox also see what the service sent, and can send it again.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const { data: session } = useQuery(sessionQueries.current());
  const mayInspect = Boolean(session?.sandbox && hasAny(session, ['sandbox']));
  const view: View = mayInspect && params.get('view') === 'sent' ? 'sent' : 'received';
  // Filters replace the view in history; the tabs (links) add to it.
  const setFilters = (next: EventFilters) =>
    setParams(filtersToSearch(next, view === 'sent' ? { view } : {}), { replace: true });

  return (
    <Page
      title="Events"
      subtitle={`Webhook deliveries received for ${session?.owner ?? 'your organization'}, newest first.`}
      actions={<LiveIndicator />}
    >
      {mayInspect && <ViewTabs view={view} filters={filters} />}
      {view === 'sent' ? (
        <DeliveriesPanel />
      ) : (
        <ReceivedList filters={filters} onFilters={setFilters} />
      )}
    </Page>
  );
}
