import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { queryClient } from '../../../query-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { LoadingOrFailed } from '../../../ui/query-states.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import '../../../ui/table.css';
import { ListOptions, ToolbarSelect } from '../../../ui/toolbar.tsx';
import { useFirmNames } from '../../../lookups.queries.ts';
import { STATUS_LABELS } from '../request-status.tsx';
import {
  searchOf,
  signatureQueries,
  viewFromSearch,
  type ListView,
} from '../signatures.queries.ts';
import { NewRequestDialog } from './new-request-dialog.tsx';
import { RequestRow } from './request-row.tsx';
import { statusToAsk } from '../status-field.ts';
import { StatusTabs } from './status-tabs.tsx';
import '../../../ui/button.css';
import '../signatures.css';
import './list.css';

const EMPTY_HINTS = {
  all: 'Create one from a file with “New request”.',
  pending: 'Requests waiting to be signed electronically appear here.',
  awaitingWetInk: 'Requests signed on paper wait here until their scan is uploaded.',
  wetInkUploaded: 'Scans that have been uploaded and sent to QC review appear here.',
  completed: 'Requests appear here once they are signed and notarized.',
} as const;

export async function loader() {
  // Known before the first paint, so the tabs never show and then go. A failure is the
  // list's to say (its own request fails the same way).
  await queryClient.prefetchQuery(signatureQueries.statusField());
  return null;
}

/**
 * Signature requests (`/signatures`): a status tab, an order and a page, all in the URL. The
 * tabs are there only when the deployment sends `status` (status-field.ts); without it every
 * request is listed, each shown as Completed or Open by its `completedOn`.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const carriesStatus = useQuery(signatureQueries.statusField()).data;
  const view = useMemo(() => {
    const asked = viewFromSearch(params);
    return { ...asked, status: statusToAsk(asked.status, carriesStatus) };
  }, [params, carriesStatus]);
  // A tab the deployment cannot filter by leaves the address too (a link from elsewhere).
  const dropStatus = carriesStatus !== undefined && params.has('status') && !view.status;
  useEffect(() => {
    if (dropStatus) setParams(searchOf(view), { replace: true });
  }, [dropStatus, setParams, view]);
  const from = `/signatures${params.size ? `?${searchOf(view)}` : ''}`;
  const list = useQuery({ ...signatureQueries.list(view), placeholderData: keepPreviousData });
  const counts = useQuery({ ...signatureQueries.counts(), enabled: carriesStatus === true });
  const firms = useFirmNames();
  // A new order starts from the first page: a cursor belongs to the order it was made for.
  const setOrder = (order: ListView['order']) =>
    setParams(searchOf({ status: view.status, order }), { replace: true });

  let content;
  if (!list.isSuccess) {
    content = (
      <LoadingOrFailed query={list} what="signature requests" className="sig-row">
        {view.cursor && (
          <Button onClick={() => setParams(searchOf({ ...view, cursor: undefined }))}>
            Back to the first page
          </Button>
        )}
      </LoadingOrFailed>
    );
  } else if (list.data.signatureRequests.length === 0) {
    const label = view.status ? STATUS_LABELS[view.status].toLowerCase() : '';
    content = (
      <EmptyState title={`No ${label ? `${label} ` : ''}signature requests`}>
        {EMPTY_HINTS[view.status ?? 'all']}
      </EmptyState>
    );
  } else {
    const { signatureRequests, pagination } = list.data;
    const { previousCursor, nextCursor } = pagination;
    // The first page is the view without a cursor: `previousCursor` from page two names it
    // too. The links point onward from the page on screen once it has arrived.
    const to = (cursor: string) =>
      cursor && !list.isPlaceholderData ? `?${searchOf({ ...view, cursor })}` : undefined;
    content = (
      <>
        <ul
          className="row-list sig-list"
          aria-label="Signature requests"
          aria-busy={list.isPlaceholderData || undefined}
        >
          {signatureRequests.map((request) => (
            <RequestRow
              key={request.id}
              request={request}
              from={from}
              firmName={firms?.get(request.file.firmId) ?? ''}
            />
          ))}
        </ul>
        <Pager
          previous={to(previousCursor)}
          next={to(nextCursor)}
          single={!previousCursor && !nextCursor}
        />
      </>
    );
  }

  const total = list.data?.pagination.totalCount;
  return (
    <Page
      title="Signature requests"
      subtitle="Documents to sign and notarize, and the wet-ink scans of those signed on paper."
      actions={<NewRequestDialog from={from} />}
    >
      <section className="panel panel--list" aria-label="Requests">
        {carriesStatus === true && <StatusTabs view={view} counts={counts.data} />}
        <ListOptions>
          <ToolbarSelect
            label="Order"
            hideLabel
            value={view.order}
            onChange={(e) => setOrder(e.target.value === 'oldest' ? 'oldest' : 'newest')}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </ToolbarSelect>
          <p className="toolbar__count" aria-live="polite">
            {total === undefined
              ? ''
              : `${total.toLocaleString()} request${total === 1 ? '' : 's'}`}
          </p>
        </ListOptions>
        {content}
      </section>
    </Page>
  );
}
