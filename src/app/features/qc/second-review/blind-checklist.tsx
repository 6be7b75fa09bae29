import { useState } from 'react';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import {
  CheckHead,
  ChecklistGroups,
  Verdicts,
  type ItemDraft,
  type ReviewDraft,
} from '../review/index.ts';
import '../review/checklist.css';
import '../document-review.css';
import '../../../ui/control.css';

/**
 * A checklist item with nothing of the first review in it. The service's request carries
 * the first verdicts and notes (status, reviewerNote, completedBy): they are dropped here,
 * before anything renders, so the second reviewer judges independently (ADR 021).
 */
export type BlindItem = Pick<
  ChecklistItem,
  'id' | 'displayName' | 'description' | 'group' | 'allowNA'
>;

export const blind = (items: readonly ChecklistItem[]): BlindItem[] =>
  items.map(({ id, displayName, description, group, allowNA }) => ({
    id,
    displayName,
    description,
    group,
    allowNA,
  }));

interface Props {
  items: readonly BlindItem[];
  draft: ReviewDraft;
  disabled: boolean;
  /** Items whose failure still needs its note, marked once the reviewer tried to send. */
  flagged: ReadonlySet<string>;
  onChange: (itemId: string, change: ItemDraft) => void;
}

/** The second reviewer's own verdicts, grouped like the first review's checklist. */
export function BlindChecklist({ items, draft, disabled, flagged, onChange }: Props) {
  return (
    <ChecklistGroups items={items}>
      {(item, index) => (
        <BlindCheck
          key={item.id}
          item={item}
          number={index + 1}
          entry={draft.items[item.id] ?? {}}
          disabled={disabled}
          missingNote={flagged.has(item.id)}
          onChange={(change) => onChange(item.id, change)}
        />
      )}
    </ChecklistGroups>
  );
}

function BlindCheck({
  item,
  number,
  entry,
  disabled,
  missingNote,
  onChange,
}: {
  item: BlindItem;
  number: number;
  entry: ItemDraft;
  disabled: boolean;
  missingNote: boolean;
  onChange: (change: ItemDraft) => void;
}) {
  const [noting, setNoting] = useState(false);
  const failed = entry.status === 'rejected';
  const showNote = failed || noting || Boolean(entry.note);
  const nameId = `sr-check-${item.id}`;
  const errorId = `${nameId}-error`;
  return (
    <div
      className="check document-review__box document-review__box--stack"
      data-verdict={entry.status ?? 'pending'}
      data-testid={`check-${number}`}
    >
      <CheckHead item={item} number={number} nameId={nameId} />
      <Verdicts
        item={item}
        labelledBy={nameId}
        status={entry.status}
        disabled={disabled}
        onChange={(status) => onChange({ ...entry, status })}
      />
      {showNote ? (
        <>
          <textarea
            className="control check__note"
            aria-label={failed ? `What is wrong: ${item.displayName}` : `Note: ${item.displayName}`}
            placeholder={failed ? 'What is wrong (required)' : 'Note (optional)'}
            value={entry.note ?? ''}
            disabled={disabled}
            maxLength={2000}
            aria-invalid={missingNote ? true : undefined}
            aria-describedby={missingNote ? errorId : undefined}
            onChange={(e) => onChange({ ...entry, note: e.target.value })}
          />
          {missingNote && (
            <p className="field__error" id={errorId}>
              Say what is wrong: the admin reads it beside the first review.
            </p>
          )}
        </>
      ) : (
        !disabled &&
        entry.status && (
          <button type="button" className="sr-link-button" onClick={() => setNoting(true)}>
            Add a note
          </button>
        )
      )}
    </div>
  );
}
