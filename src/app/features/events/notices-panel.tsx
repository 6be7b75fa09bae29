import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NoticeList } from '../../../contract/notices.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingOrFailed, NextPageFailed } from '../../ui/query-states.tsx';
import { EmptyState } from '../../ui/states.tsx';
import '../../ui/table.css';
import { eventQueries } from './events.queries.ts';
import { NoticeRow } from './notice-row.tsx';

/** A notice about to go out changes within a second; one waiting to retry, within minutes. */
const PENDING_POLL_MS = 1000;
const RETRYING_POLL_MS = 5000;
/** New notices come with finding changes made anywhere: looked for now and then. */
const IDLE_POLL_MS = 30_000;

function pollOf(pages: NoticeList[] | undefined): number {
  const notices = pages?.flatMap((page) => page.notices) ?? [];
  if (notices.some((n) => n.state === 'pending')) return PENDING_POLL_MS;
  if (notices.some((n) => n.state === 'retrying')) return RETRYING_POLL_MS;
  return IDLE_POLL_MS;
}

function NotConfigured() {
  return (
    <EmptyState title="Notices are not configured">
      <p>
        The console sends a signed POST for each new finding, answer, settlement and reassignment
        once <code>ATTEST_NOTICE_URL</code> and <code>ATTEST_NOTICE_SECRET</code> are set on the
        gateway, so that teams who work in email or chat hear of them. See “Notices of findings” in
        the deployment guide.
      </p>
    </EmptyState>
  );
}

/**
 * What the console POSTed to the team's notice endpoint for finding changes (QC managers,
 * ADR 030): each notice's state and attempts, and a button to send it again.
 */
export function NoticesPanel() {
  const query = useInfiniteQuery({
    ...eventQueries.notices(),
    refetchInterval: (q) => pollOf(q.state.data?.pages),
  });
  const notices = useMemo(
    () => query.data?.pages.flatMap((page) => page.notices) ?? [],
    [query.data],
  );
  const first = query.data?.pages[0];

  let content;
  if (!query.data) {
    content = <LoadingOrFailed query={query} what="the sent notices" />;
  } else if (notices.length === 0) {
    content = first?.configured ? (
      <EmptyState title="No notices sent yet">
        <p>
          A notice goes out when a finding is raised, answered, settled or given to someone else.
        </p>
      </EmptyState>
    ) : (
      <NotConfigured />
    );
  } else {
    content = (
      <>
        <ol className="row-list events-list" aria-label="Sent notices, newest first">
          {notices.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} />
          ))}
        </ol>
        {query.hasNextPage && (
          <div className="events-more">
            <Button
              onClick={() => void query.fetchNextPage()}
              pending={query.isFetchingNextPage}
              pendingLabel="Loading older notices…"
            >
              Older notices
            </Button>
          </div>
        )}
        <NextPageFailed query={query} what="notices" />
      </>
    );
  }

  return (
    <section className="panel panel--list" aria-label="Sent notices">
      {first && (first.configured || notices.length > 0) && (
        <div className="events-panel__intro">
          {first.configured ? (
            <p>
              Signed POSTs to <code>{first.endpoint}</code> for each new finding, answer, settlement
              and reassignment. A notice not answered with 2xx is tried again after 5 s, 30 s, 2
              min, 10 min, 1 h and 6 h, then marked failed. Redeliver sends it again with the same{' '}
              <code>webhook-id</code>, so a receiver that keeps ids acts on it once.
            </p>
          ) : (
            notices.length > 0 && (
              <p className="events-notices-off" role="status">
                <code>ATTEST_NOTICE_URL</code> is not set: these notices were kept from before, and
                nothing is sent now.
              </p>
            )
          )}
          {notices.length > 0 && (
            <p className="events-count">
              {notices.length} notice{notices.length === 1 ? '' : 's'} shown
              {query.hasNextPage ? ', older ones below' : ''}
            </p>
          )}
        </div>
      )}
      {content}
    </section>
  );
}
