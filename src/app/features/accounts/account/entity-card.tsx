import { Link } from 'react-router';
import type { Entity } from '../../../../contract/accounts.ts';
import { Badge } from '../../../ui/badge.tsx';
import { ROLE_LABELS, addressLines, formatCalendarDate, maskedSsn } from '../format.ts';

/** An entity at a glance; its name opens the full record. */
export function EntityCard({ accountId, entity }: { accountId: string; entity: Entity }) {
  const address = addressLines(entity.officialAddress);
  const metadataCount = Object.keys(entity.metadata).length;
  return (
    <li className="entity-card panel">
      <div className="entity-card__head">
        <Link
          className="entity-card__name"
          to={`/accounts/${accountId}/entities/${entity.entityId}`}
        >
          {entity.name}
        </Link>
        <Badge tone={entity.type === 'BORROWER' ? 'accent' : 'neutral'}>
          {ROLE_LABELS[entity.type]}
        </Badge>
      </div>
      <dl className="entity-card__facts">
        <div>
          <dt>SSN / EIN</dt>
          <dd className="acc-mono">{maskedSsn(entity.ssnLastFour)}</dd>
        </div>
        {entity.dateOfBirth && (
          <div>
            <dt>Born</dt>
            <dd>{formatCalendarDate(entity.dateOfBirth)}</dd>
          </div>
        )}
        {entity.email && (
          <div>
            <dt>Email</dt>
            <dd className="entity-card__wrap">{entity.email}</dd>
          </div>
        )}
        {entity.phone && (
          <div>
            <dt>Phone</dt>
            <dd>{entity.phone}</dd>
          </div>
        )}
        {address.length > 0 && (
          <div>
            <dt>Official address</dt>
            <dd>{address.join(', ')}</dd>
          </div>
        )}
        <div>
          <dt>Metadata</dt>
          <dd>{metadataCount === 1 ? '1 key' : `${metadataCount} keys`}</dd>
        </div>
      </dl>
    </li>
  );
}
