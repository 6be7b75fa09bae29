import { Link } from 'react-router';
import type { AccountSummary } from '../../../../contract/accounts.ts';
import '../../../ui/table.css';
import { formatDay } from '../format.ts';

/** One page of accounts; each CRID opens the account. */
export function AccountsTable({ accounts, busy }: { accounts: AccountSummary[]; busy: boolean }) {
  return (
    <div className="table-scroller">
      <table className="table accounts-table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">CRID</th>
            <th scope="col" className="table__num">
              Entities
            </th>
            <th scope="col" className="accounts-table__created">
              Created
            </th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id}>
              <th scope="row">
                <Link className="table__link table__mono" to={`/accounts/${account.id}`}>
                  {account.crid}
                </Link>
              </th>
              <td className="table__num">{account.entityCount}</td>
              <td className="accounts-table__created">{formatDay(account.createdOn)}</td>
              <td>{formatDay(account.updatedOn)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
