import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { Entity } from '../../../../contract/accounts.ts';
import { Badge } from '../../../ui/badge.tsx';
import { FactGrid } from '../../../ui/fact.tsx';
import { Page } from '../../../ui/page.tsx';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { RetryError } from '../../../ui/query-states.tsx';
import { accountQueries } from '../accounts.queries.ts';
import { ADDRESS_KINDS } from '../form/entity-form-model.ts';
import { ADDRESS_TITLES } from '../form/address-fieldset.tsx';
import { ROLE_LABELS, addressLines, formatCalendarDate, formatDay, maskedSsn } from '../format.ts';
import { AccountCrumbs } from '../account-crumbs.tsx';
import { isNotFound } from '../not-found.ts';
import { MetadataSection } from './metadata-section.tsx';
import '../accounts.css';
import './entity.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="entity-facts__row">
      <dt>{label}</dt>
      <dd>{children ?? <span className="entity-facts__none">Not given</span>}</dd>
    </div>
  );
}

function Facts({ entity }: { entity: Entity }) {
  return (
    <section className="acc-sheet__section panel" aria-labelledby="entity-identity">
      <h2 id="entity-identity" className="section-title">
        Identity and contact
      </h2>
      <FactGrid className="entity-facts">
        <Fact label="Role">{ROLE_LABELS[entity.type]}</Fact>
        <Fact label="Name">{entity.name}</Fact>
        <Fact label="SSN or EIN">
          <span
            className="acc-mono"
            aria-label={entity.ssnLastFour ? `ending ${entity.ssnLastFour}` : undefined}
          >
            {maskedSsn(entity.ssnLastFour)}
          </span>
        </Fact>
        <Fact label="Date of birth">
          {entity.dateOfBirth && formatCalendarDate(entity.dateOfBirth)}
        </Fact>
        <Fact label="Also known as">{entity.alsoKnown}</Fact>
        <Fact label="Phone">{entity.phone}</Fact>
        <Fact label="Email">{entity.email}</Fact>
        <Fact label="Language">{entity.languagePreference}</Fact>
        <Fact label="External id">
          {entity.externalEntityId && <span className="acc-mono">{entity.externalEntityId}</span>}
        </Fact>
        <Fact label="Matter">
          <span className="acc-mono entity-facts__wrap">{entity.matterId}</span>
        </Fact>
        {/* Not a field of the spec's entity: shown when the service sends it. */}
        {entity.createdOn && <Fact label="Created">{formatDay(entity.createdOn)}</Fact>}
      </FactGrid>
    </section>
  );
}

function Addresses({ entity }: { entity: Entity }) {
  return (
    <section className="acc-sheet__section panel" aria-labelledby="entity-addresses">
      <h2 id="entity-addresses" className="section-title">
        Addresses
      </h2>
      <div className="entity-addresses">
        {ADDRESS_KINDS.map((kind) => {
          const lines = addressLines(entity[kind]);
          return (
            <div
              key={kind}
              className="entity-address"
              aria-label={ADDRESS_TITLES[kind]}
              role="group"
            >
              <h3 className="entity-address__title">{ADDRESS_TITLES[kind]}</h3>
              {lines.length > 0 ? (
                <address className="entity-address__lines">
                  {lines.map((line, i) => (
                    <span key={i}>{line}</span>
                  ))}
                </address>
              ) : (
                <p className="entity-facts__none">
                  {kind === 'physicalAddress'
                    ? 'Not given: the official address is used'
                    : 'Not given'}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** One entity (`/accounts/:accountId/entities/:entityId`): its record and its metadata. */
export function Component() {
  const { accountId = '', entityId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // Said once: the note leaves the history entry, so a reload or a way back does not repeat it.
  const [created] = useState(
    () => (location.state as { created?: unknown } | null)?.created === true,
  );
  useEffect(() => {
    if (!created) return;
    const { pathname, search, hash } = location;
    void navigate({ pathname, search, hash }, { replace: true, state: null });
    // Once, on arrival: the location it reads is the one that carried the note.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [created, navigate]);
  const entity = useQuery(accountQueries.entity(accountId, entityId));
  const crid = useQuery(accountQueries.detail(accountId)).data?.crid;

  const crumbs = (current: string) => (
    <AccountCrumbs accountId={accountId} crid={crid} current={current} />
  );

  if (entity.isPending) {
    return (
      <Page title="Entity">
        <Loading label="Loading the entity…" />
      </Page>
    );
  }
  if (entity.isError) {
    return (
      <Page title="Entity">
        {crumbs('Entity')}
        <div className="panel">
          {isNotFound(entity.error) ? (
            <ErrorState
              title="No such entity"
              message="It is not on this account, or the link is wrong."
              action={
                <Link className="button button--secondary" to={`/accounts/${accountId}`}>
                  Back to the account
                </Link>
              }
            />
          ) : (
            <RetryError title="The entity could not be loaded" query={entity} />
          )}
        </div>
      </Page>
    );
  }

  const data = entity.data;
  return (
    <Page
      title={data.name}
      subtitle={crid ? `On account ${crid}` : undefined}
      actions={
        <Badge tone={data.type === 'BORROWER' ? 'accent' : 'neutral'}>
          {ROLE_LABELS[data.type]}
        </Badge>
      }
    >
      {crumbs(data.name)}
      {created && (
        <p className="entity-created" role="status">
          Entity created.
          {data.ssnLastFour
            ? ` Its SSN or EIN is stored encrypted; only the last four digits (${data.ssnLastFour}) are shown from now on.`
            : ''}
        </p>
      )}
      <div className="acc-sheet">
        <Facts entity={data} />
        <Addresses entity={data} />
        <MetadataSection accountId={accountId} entity={data} />
      </div>
    </Page>
  );
}
