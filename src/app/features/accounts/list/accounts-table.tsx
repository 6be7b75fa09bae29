import { Link } from 'react-router';
import type { AccountSummary } from '../../../../contract/accounts.ts';
import { Table } from '../../../ui/table.tsx';
import { formatDay } from '../format.ts';

const COLUMNS = [
  { label: 'CRID' },
  { label: 'Entities', className: 'table__num' },
  { label: 'Created', className: 'accounts-table__created' },
  { label: 'Updated' },
];

/** One page of accounts; each CRID opens the account. */
export function AccountsTable({ accounts, busy }: { accounts: AccountSummary[]; busy: boolean }) {
  return (
    <Table className="accounts-table" columns={COLUMNS} busy={busy}>
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
    </Table>
  );
}
