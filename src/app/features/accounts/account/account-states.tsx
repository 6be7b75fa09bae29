import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Page } from '../../../ui/page.tsx';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { RetryError } from '../../../ui/query-states.tsx';
import { accountQueries } from '../accounts.queries.ts';
import { isNotFound } from '../not-found.ts';

/**
 * The account of the route's `:accountId`, and what its screen (`title`) shows instead until
 * it is loaded (accountStates): `waiting` is null once `account` is there.
 */
export function useRouteAccount(title: string, notFoundMessage: string) {
  const { accountId = '' } = useParams();
  const query = useQuery(accountQueries.detail(accountId));
  return {
    accountId,
    account: query.data,
    waiting: accountStates(title, query, notFoundMessage),
  };
}

/**
 * What a screen about one account shows until the account is loaded: loading, "no such
 * account" (with why, for this screen), or a failure to retry. Null once it is there.
 */
export function accountStates(
  title: string,
  account: UseQueryResult<unknown>,
  notFoundMessage: string,
) {
  if (account.isPending) {
    return (
      <Page title={title}>
        <Loading label="Loading the account…" />
      </Page>
    );
  }
  if (!account.isError) return null;
  return (
    <Page title={title}>
      <div className="panel">
        {isNotFound(account.error) ? (
          <ErrorState
            title="No such account"
            message={notFoundMessage}
            action={
              <Link className="button button--secondary" to="/accounts">
                All accounts
              </Link>
            }
          />
        ) : (
          <RetryError title="The account could not be loaded" query={account} />
        )}
      </div>
    </Page>
  );
}
