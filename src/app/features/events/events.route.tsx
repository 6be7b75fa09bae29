import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { grants, hasAny, sessionQueries } from '../../session.queries.ts';
import { useLiveStatus } from '../../shell/live-events.ts';
import { Page } from '../../ui/page.tsx';
import { LinkTabs } from '../../ui/tabs.tsx';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { filtersToSearch, filtersFromSearch, type EventFilters } from './event-filters.ts';
import { MailsPanel } from './mails-panel.tsx';
import { NoticesPanel } from './notices-panel.tsx';
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

type View = 'received' | 'notices' | 'mails' | 'sent';

/** What each view lists, as the page's subtitle says it. */
const SUBJECTS: Record<View, string> = {
  received: 'Webhook deliveries received',
  notices: 'Notices of findings sent',
  mails: 'E-mails about findings sent',
  sent: 'Webhook deliveries received',
};

function ViewTabs({
  view,
  filters,
  views,
}: {
  view: View;
  filters: EventFilters;
  /** The views this session may open besides the received deliveries. */
  views: readonly View[];
}) {
  const tabs: { view: View; label: string; search: string }[] = [
    { view: 'received', label: 'Received', search: filtersToSearch(filters) },
    {
      view: 'notices',
      label: 'Sent notices',
      search: filtersToSearch(filters, { view: 'notices' }),
    },
    { view: 'mails', label: 'E-mails', search: filtersToSearch(filters, { view: 'mails' }) },
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
      tabs={tabs
        .filter((tab) => tab.view === 'received' || views.includes(tab.view))
        .map((tab) => ({
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
 * live. QC managers also see the notices (ADR 030) and the e-mails (ADR 040) the console sent
 * for findings, and admins of a sandbox what the service sent; each can be sent again.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const { data: session } = useQuery(sessionQueries.current());
  const mayInspect = Boolean(session?.sandbox && hasAny(session, ['sandbox']));
  // The notices and e-mails the console sent for findings (ADR 030, 040) are the QC managers'.
  const mayNotices = Boolean(session && grants(session, ['qc.manage']));
  const views: View[] = [
    ...(mayNotices ? (['notices', 'mails'] as const) : []),
    ...(mayInspect ? ['sent' as const] : []),
  ];
  const asked = params.get('view');
  const view: View = views.find((v) => v === asked) ?? 'received';
  // Filters replace the view in history; the tabs (links) add to it.
  const setFilters = (next: EventFilters) =>
    setParams(filtersToSearch(next, view === 'received' ? {} : { view }), { replace: true });

  return (
    <Page
      title="Events"
      subtitle={`${SUBJECTS[view]} for ${session?.owner ?? 'your organization'}, newest first.`}
      actions={<LiveIndicator />}
    >
      {views.length > 0 && <ViewTabs view={view} filters={filters} views={views} />}
      {view === 'sent' ? (
        <DeliveriesPanel />
      ) : view === 'notices' ? (
        <NoticesPanel />
      ) : view === 'mails' ? (
        <MailsPanel />
      ) : (
        <ReceivedList filters={filters} onFilters={setFilters} />
      )}
    </Page>
  );
}
