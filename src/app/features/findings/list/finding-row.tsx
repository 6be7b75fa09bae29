import { Link } from 'react-router';
import type { Finding } from '../../../../contract/findings.ts';
import { responsibleName } from '../../../finding-words.ts';
import { shortDate } from '../../../ui/dates.ts';
import { dueOf } from '../due.ts';
import { DueText, SeverityBadge, StateBadge } from '../finding-badges.tsx';
import { findingPath } from '../live.ts';

/**
 * One finding in a list: the failed check (the link to its page, stretched over the row),
 * where it was found, the reviewer's note, and how it stands. `team`: the managers' list,
 * which also says who is responsible and who raised it.
 */
export function FindingRow({
  finding,
  now,
  team = false,
  names,
}: {
  finding: Finding;
  /** The time now (ms), as ui/use-now.ts gives it. */
  now: number;
  team?: boolean;
  names?: ReadonlyMap<string, string>;
}) {
  const due = dueOf(finding, now);
  return (
    <li
      className={`finding-row${due.tone === 'overdue' ? ' finding-row--overdue' : ''}`}
      data-finding-id={finding.id}
    >
      <div className="finding-row__severity">
        <SeverityBadge severity={finding.severity} />
      </div>
      <div className="finding-row__main">
        <Link to={findingPath(finding.id)} className="row-link finding-row__link">
          {finding.itemName}
        </Link>
        <p className="finding-row__meta">
          <span className="finding-row__matter">{finding.matterReference}</span>
          <span>{finding.processName}</span>
          <span>{finding.category}</span>
        </p>
        {finding.note && <p className="finding-row__note">{finding.note}</p>}
        {team && (
          <p className="finding-row__people">
            Responsible: <strong>{responsibleName(finding.responsible, names)}</strong> · raised by{' '}
            {finding.raisedBy.name} on {shortDate(finding.raisedOn)}
          </p>
        )}
      </div>
      <div className="finding-row__status">
        <StateBadge state={finding.state} upheld={finding.upheld} />
        <DueText due={due} />
        {finding.state === 'open' && (
          <span className="finding-row__date">Due {shortDate(finding.dueOn)}</span>
        )}
      </div>
    </li>
  );
}
