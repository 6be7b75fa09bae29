import { SEVERITIES, type Severity } from '../../../../contract/findings.ts';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import type { ItemDraft } from './draft-store.ts';
import { regionKey, regionLabel, regionsOf, severitiesFrom } from './marks.ts';
import { useItemSeverity } from './severity.ts';
import '../document-review.css';
import '../../../ui/page.css';
import '../../../ui/control.css';

const SEVERITY_LABELS: Record<Severity, string> = {
  minor: 'Minor',
  major: 'Major',
  critical: 'Critical',
};

/** What a failed item's box offers beside its note (checklist.tsx): all of it the draft's. */
export interface MarkActions {
  /** The process whose settings give each item its own severity. */
  processName: string;
  /** The item being marked on the page, if any. */
  marking: string | null;
  /** Starts (or ends) marking the item on the page. */
  onMark: (itemId: string) => void;
  onSeverity: (itemId: string, severity: Severity | undefined) => void;
  /** Brings a region into view on the page, focused. */
  onReveal: (key: string) => void;
}

/**
 * A failed item's severity (its own, or raised by the reviewer: never lower), its
 * "Mark on page" control and the regions it is marked with, each a way to it on the page
 * (and each region's tag on the page comes back here).
 */
export function FindingMarks({
  item,
  entry,
  actions,
}: {
  item: ChecklistItem;
  entry: ItemDraft;
  actions: MarkActions;
}) {
  // Read here, where an item has failed: approve and next never asks for the settings.
  const base = useItemSeverity(actions.processName)(item.displayName);
  const chosen = entry.severity ?? base;
  const regions = regionsOf(entry);
  const marking = actions.marking === item.id;
  const nameId = `check-${item.id}`;
  return (
    <div className="finding" data-marking={marking}>
      <div className="heading-row heading-row--tight">
        <div
          className="finding__severity"
          role="group"
          aria-label={`Severity: ${item.displayName}`}
          data-severity={chosen}
        >
          <span className="finding__label" aria-hidden="true">
            Severity
          </span>
          <div className="severity">
            {severitiesFrom(base, SEVERITIES).map((severity) => (
              <button
                key={severity}
                type="button"
                className="severity__option"
                data-severity={severity}
                aria-pressed={chosen === severity}
                title={
                  severity === base ? 'The process sets this item at this severity' : undefined
                }
                onClick={() =>
                  actions.onSeverity(item.id, severity === base ? undefined : severity)
                }
              >
                {SEVERITY_LABELS[severity]}
              </button>
            ))}
          </div>
        </div>
        <button
          type="button"
          className="control finding__mark"
          aria-pressed={marking}
          aria-describedby={nameId}
          aria-keyshortcuts="m"
          data-mark-for={item.id}
          onClick={() => actions.onMark(item.id)}
        >
          Mark on page
        </button>
      </div>
      {regions.length > 0 && (
        <ul
          className="document-review__regions"
          aria-label={`Marked on the page: ${item.displayName}`}
        >
          {regions.map((region, index) => {
            const key = regionKey(item.id, index);
            return (
              <li key={key}>
                <button
                  type="button"
                  className="document-review__region finding__region"
                  data-region-link={key}
                  aria-label={`${regionLabel(index, region, item.displayName)}: show it on the page`}
                  onClick={() => actions.onReveal(key)}
                >
                  <span aria-hidden="true" className="finding__pin" />
                  p. {region.page}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
