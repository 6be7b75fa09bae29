import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TransactionStatus } from '../../../contract/signatures.ts';
import { useUserNames } from '../../lookups.queries.ts';
import { sessionQueries } from '../../session.queries.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { LoadingOrFailed } from '../../ui/query-states.tsx';
import '../../ui/table.css';
import '../../ui/toolbar.css';
import { StatusFilter } from './status-filter.tsx';
import { statusLabel } from './transaction-format.ts';
import { TransactionRow } from './transaction-row.tsx';
import { countByStatus, statusSearch, statusesFromSearch } from './transactions-filter.ts';
import { transactionQueries } from './transactions.queries.ts';
import './transactions.css';

const plural = (n: number) => `${n} transaction${n === 1 ? '' : 's'}`;

function ListHead() {
  // The column names for sighted readers on wide screens; each row's labels carry them for
  // assistive technology, so this is hidden from it.
  return (
    <div className="row-list__head tx-head" aria-hidden="true">
      <span>Status</span>
      <span>Created</span>
      <span>Signature requests</span>
      <span>People</span>
      <span>OTP</span>
      <span>Ended</span>
    </div>
  );
}

/** The signed-in user's signature transactions (`/signatures/transactions`), by status. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const statuses = useMemo(
    () => statusesFromSearch(new URLSearchParams(location.search)),
    [location.search],
  );
  const list = useQuery({
    ...transactionQueries.list(statuses),
    placeholderData: keepPreviousData,
  });
  // Every transaction, for the counts beside each status (the same query when unfiltered).
  const everything = useQuery(transactionQueries.list([]));
  const session = useQuery(sessionQueries.current()).data;
  const people = useUserNames();
  const matters = useQuery(transactionQueries.matters()).data;
  const counts = useMemo(
    () => everything.data && countByStatus(everything.data.transactions),
    [everything.data],
  );

  // Toggling a filter replaces the history entry, as the QC queue's filters do.
  const setStatuses = (next: TransactionStatus[]) => {
    const search = statusSearch(next);
    void navigate({ search: search && `?${search}` }, { replace: true });
  };
  const names = { me: session?.user?.id, people, matters };
  const chosen = statuses.map((s) => statusLabel(s).toLowerCase()).join(' or ');

  let content;
  let summary = '';
  if (!list.isSuccess) {
    content = <LoadingOrFailed query={list} what="transactions" />;
  } else if (list.data.transactions.length === 0) {
    content =
      statuses.length > 0 ? (
        <EmptyState title={`No ${chosen} transactions`}>
          <Button onClick={() => setStatuses([])}>Show all transactions</Button>
        </EmptyState>
      ) : (
        <EmptyState title="No transactions yet">
          {session && !session.user
            ? 'This sign-in is a machine client: only people are party to transactions.'
            : 'Signing sessions you take part in, as signer or notary, appear here.'}
        </EmptyState>
      );
    summary = 'No transactions';
  } else {
    const { transactions } = list.data;
    summary = list.isPlaceholderData ? 'Loading…' : plural(transactions.length);
    content = (
      <>
        <ListHead />
        <ul
          className="row-list tx-list"
          aria-label="Transactions"
          aria-busy={list.isPlaceholderData || undefined}
        >
          {transactions.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} names={names} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Page
      title="Transactions"
      subtitle="Signing sessions you are party to, as signer or notary, newest first."
    >
      <section className="panel panel--list" aria-label="Transaction list">
        <div className="toolbar">
          <StatusFilter
            statuses={statuses}
            counts={counts}
            total={everything.data?.transactions.length}
            onChange={setStatuses}
          />
          <p className="toolbar__count" role="status">
            {summary}
          </p>
        </div>
        {content}
      </section>
    </Page>
  );
}
