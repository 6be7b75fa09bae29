import { Link } from 'react-router';
import type { Entity } from '../../../../contract/accounts.ts';
import { Badge } from '../../../ui/badge.tsx';
import { ROLE_LABELS, addressLines, formatCalendarDate, maskedSsn } from '../format.ts';
import { Fact } from '../../../ui/fact.tsx';
import '../../../ui/page.css';

/** An entity at a glance; its name opens the full record. */
export function EntityCard({ accountId, entity }: { accountId: string; entity: Entity }) {
  const address = addressLines(entity.officialAddress);
  const metadataCount = Object.keys(entity.metadata).length;
  return (
    <li className="entity-card panel">
      <div className="heading-row heading-row--tight">
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
        <Fact label="SSN / EIN" valueClassName="acc-mono">
          {maskedSsn(entity.ssnLastFour)}
        </Fact>
        {entity.dateOfBirth && <Fact label="Born">{formatCalendarDate(entity.dateOfBirth)}</Fact>}
        {entity.email && (
          <Fact label="Email" valueClassName="entity-card__wrap">
            {entity.email}
          </Fact>
        )}
        {entity.phone && <Fact label="Phone">{entity.phone}</Fact>}
        {address.length > 0 && <Fact label="Official address">{address.join(', ')}</Fact>}
        <Fact label="Metadata">{metadataCount === 1 ? '1 key' : `${metadataCount} keys`}</Fact>
      </dl>
    </li>
  );
}
