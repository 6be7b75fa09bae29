import { Link } from 'react-router';

/** Where a screen under an account is: Accounts / the account, by its CRID / this screen. */
export function AccountCrumbs({
  accountId,
  crid,
  current,
}: {
  accountId: string;
  /** Undefined until the account is loaded. */
  crid: string | undefined;
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="acc-crumbs">
      <Link to="/accounts">Accounts</Link>
      <span aria-hidden="true">/</span>
      <Link to={`/accounts/${accountId}`}>{crid ?? 'Account'}</Link>
      <span aria-hidden="true">/</span>
      <span aria-current="page">{current}</span>
    </nav>
  );
}
