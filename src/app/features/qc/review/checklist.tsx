import type { ChecklistItem, ChecklistVerdict } from '../../../../contract/qc.ts';
import { CheckHead, ChecklistGroups, Verdicts } from './checklist-groups.tsx';
import type { ItemDraft, ReviewDraft } from './draft.ts';
import { FindingMarks, type MarkActions } from './finding-marks.tsx';
import { verdictFor } from './machine.ts';
import { MachineChip, MachineDetail } from './machine-verdicts.tsx';
import type { MachineView } from './use-machine-review.ts';
import './checklist.css';
import '../document-review.css';
import '../../../ui/control.css';

interface Props {
  items: ChecklistItem[];
  draft: ReviewDraft;
  readOnly: boolean;
  selected: number;
  onSelect: (index: number) => void;
  onChange: (itemId: string, change: ItemDraft) => void;
  /** A failed item's severity and regions (ADR 029). */
  marks: MarkActions;
  /** The machine's verdicts beside the reviewer's (ADR 042). */
  machine: MachineView;
}

/**
 * The checklist grouped by `group`: a verdict per item, and when it fails a note, its
 * severity and its marks on the page.
 */
export function Checklist({
  items,
  draft,
  readOnly,
  selected,
  onSelect,
  onChange,
  marks,
  machine,
}: Props) {
  return (
    <ChecklistGroups items={items}>
      {(item, index) => {
        const entry = readOnly
          ? { status: verdictOf(item), note: item.reviewerNote }
          : (draft.items[item.id] ?? {});
        const checked = verdictFor(machine.verdicts, item.id);
        return (
          <div
            key={item.id}
            className="check document-review__box document-review__box--stack"
            data-selected={!readOnly && index === selected}
            data-verdict={entry.status ?? 'pending'}
            data-testid={`check-${index + 1}`}
            onFocusCapture={() => onSelect(index)}
          >
            <CheckHead item={item} number={index + 1} nameId={`check-${item.id}`} />
            <div className="check__decide">
              <Verdicts
                item={item}
                labelledBy={`check-${item.id}`}
                status={entry.status}
                disabled={readOnly}
                onChange={(status) => onChange(item.id, { ...entry, status })}
              />
              {checked && <MachineChip checked={checked} />}
            </div>
            {!readOnly && <MachineDetail item={item} entry={entry} view={machine} />}
            {!readOnly && entry.status === 'rejected' && (
              <textarea
                className="control check__note"
                aria-label={`What is wrong: ${item.displayName}`}
                placeholder="What is wrong (sent with the rework)"
                value={entry.note ?? ''}
                onChange={(e) => onChange(item.id, { ...entry, note: e.target.value })}
              />
            )}
            {!readOnly && entry.status === 'rejected' && (
              <FindingMarks item={item} entry={entry} actions={marks} />
            )}
            {readOnly && entry.note && <p className="check__result">{entry.note}</p>}
          </div>
        );
      }}
    </ChecklistGroups>
  );
}

function verdictOf(item: ChecklistItem): ChecklistVerdict | undefined {
  return item.status && item.status !== 'pending' ? item.status : undefined;
}

/** The rework notes of a review in progress, sent with a rejection. */
export function ReworkNotes({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <label className="review__section-title" htmlFor="rework-notes">
        Rework notes
      </label>
      <textarea
        id="rework-notes"
        className="control review__notes"
        placeholder="What has to be fixed (required to reject without a failed item)"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
