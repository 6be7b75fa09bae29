import { Link } from 'react-router';
import { ACCOUNT_MAX_ENTITIES } from '../../../../contract/accounts.ts';
import { Page } from '../../../ui/page.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { formatDay } from '../format.ts';
import { useRouteAccount } from './account-states.tsx';
import { EntityCard } from './entity-card.tsx';
import '../accounts.css';
import './account.css';
import { Fact } from '../../../ui/fact.tsx';

/** One account (`/accounts/:accountId`) with the entities on it. */
export function Component() {
  const { accountId, account, waiting } = useRouteAccount(
    'Account',
    'It may have been removed, or the link is wrong.',
  );
  if (waiting || !account) return waiting;

  const { crid, matterId, createdOn, updatedOn, entities } = account;
  const full = entities.length >= ACCOUNT_MAX_ENTITIES;
  // The borrower first: it is whom the account is about; the rest keep the service's order.
  const ordered = [
    ...entities.filter((e) => e.type === 'BORROWER'),
    ...entities.filter((e) => e.type !== 'BORROWER'),
  ];
  return (
    <Page
      title={`Account ${crid}`}
      subtitle={`Created ${formatDay(createdOn)} · updated ${formatDay(updatedOn)}`}
      actions={
        full ? (
          <p className="account__full">An account holds at most {ACCOUNT_MAX_ENTITIES} entities.</p>
        ) : (
          <Link className="button button--primary" to={`/accounts/${accountId}/entities/new`}>
            New entity
          </Link>
        )
      }
    >
      <nav aria-label="Breadcrumb" className="acc-crumbs">
        <Link to="/accounts">Accounts</Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{crid}</span>
      </nav>
      <dl className="account__facts panel">
        <Fact label="Matter" valueClassName="acc-mono account__matter">
          {matterId}
        </Fact>
        <Fact label="Entities">{entities.length}</Fact>
      </dl>
      <section className="account__entities" aria-labelledby="account-entities">
        <h2 id="account-entities" className="section-title">
          Entities
        </h2>
        {entities.length === 0 ? (
          <div className="panel">
            <EmptyState title="No entities on this account">
              Add the borrower and anyone else with a role on the account.
            </EmptyState>
          </div>
        ) : (
          <ul className="entity-cards">
            {ordered.map((entity) => (
              <EntityCard key={entity.entityId} accountId={accountId} entity={entity} />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
