import { Link } from 'react-router';
import type { User } from '../../../../contract/users.ts';
import { Badge } from '../../../ui/badge.tsx';
import '../../../ui/table.css';
import { dateOf } from '../detail/user-facts.tsx';

function ImageState({ url, needed }: { url: string | null | undefined; needed: boolean }) {
  if (url) return <Badge tone="accent">On file</Badge>;
  // A notary without a seal cannot notarize: worth a look. Anyone else: just not set.
  return needed ? (
    <Badge tone="warning">Missing</Badge>
  ) : (
    <span className="table__none">Not set</span>
  );
}

/** One page of users; on narrow screens each row is a card. */
export function UsersTable({
  users,
  listSearch,
  busy,
}: {
  users: User[];
  listSearch: string;
  busy: boolean;
}) {
  return (
    <div className="table-scroller">
      <table className="table users-table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Job title</th>
            <th scope="col">Notary</th>
            <th scope="col">Signature</th>
            <th scope="col">Notary seal</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr
              key={user.id}
              className={user.deactivatedOn ? 'users-table__row--inactive' : undefined}
            >
              <th scope="row" className="users-table__person">
                <Link
                  to={`/users/${user.id}`}
                  state={{ list: listSearch }}
                  className="table__link users-table__name"
                >
                  {user.displayName}
                </Link>
                <span className="users-table__email">{user.email}</span>
              </th>
              <td data-label="Job title">{user.jobTitle ?? '—'}</td>
              <td data-label="Notary">
                {user.isNotary ? <Badge tone="accent">Notary</Badge> : 'No'}
              </td>
              <td data-label="Signature">
                <ImageState url={user.signatureImageUrl} needed={false} />
              </td>
              <td data-label="Notary seal">
                <ImageState url={user.notarySealImageUrl} needed={user.isNotary === true} />
              </td>
              <td data-label="Status">
                {user.deactivatedOn ? (
                  <Badge tone="warning">Deactivated {dateOf(user.deactivatedOn)}</Badge>
                ) : (
                  'Active'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
