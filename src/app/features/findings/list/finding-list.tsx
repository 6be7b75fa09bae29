import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FindingQuery } from '../../../../contract/findings.ts';
import { Button } from '../../../ui/button.tsx';
import { LoadingOrFailed, NextPageFailed } from '../../../ui/query-states.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { findingQueries } from '../findings.queries.ts';
import { useNames } from '../use-names.ts';
import { FindingRow } from './finding-row.tsx';
import './finding-list.css';

/** A list of findings, a page at a time, with its loading, failed and empty states. */
export function FindingList({
  query,
  team = false,
  empty,
}: {
  query: FindingQuery;
  team?: boolean;
  /** What an empty list says: its title and a line of what to expect. */
  empty: { title: string; body: ReactNode };
}) {
  const list = useInfiniteQuery(findingQueries.list(query));
  const names = useNames(team);
  const now = useNow();
  // Findings loaded stay when a later page fails (the query is then failed as a whole).
  if (!list.data) return <LoadingOrFailed query={list} what="findings" />;
  const findings = list.data.pages.flatMap((page) => page.findings);
  if (findings.length === 0) {
    return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  }
  // Refreshed in the background (a finding's news), the rows stay as they are, not dimmed: the
  // list is read while news arrives, and dimmed text is below the contrast a person needs.
  return (
    <>
      <ul className="finding-list" aria-label="Findings" aria-busy={list.isFetching || undefined}>
        {findings.map((finding) => (
          <FindingRow key={finding.id} finding={finding} now={now} team={team} names={names} />
        ))}
      </ul>
      <div className="finding-list__more">
        {list.hasNextPage ? (
          <Button
            onClick={() => void list.fetchNextPage()}
            pending={list.isFetchingNextPage}
            pendingLabel="Loading more…"
          >
            Show more
          </Button>
        ) : (
          <p className="finding-list__end" role="status">
            {findings.length === 1 ? '1 finding' : `All ${findings.length} findings`}
          </p>
        )}
        <NextPageFailed query={list} what="findings" />
      </div>
    </>
  );
}
