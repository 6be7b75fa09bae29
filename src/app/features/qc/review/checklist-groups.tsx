import type { ReactNode } from 'react';
import { verdictAllowed, type ChecklistVerdict } from '../../../../contract/qc.ts';
import './checklist.css';

/** The verdicts a reviewer gives an item, as the checklist's buttons name them. */
const VERDICTS: { value: ChecklistVerdict; label: string }[] = [
  { value: 'approved', label: 'Pass' },
  { value: 'rejected', label: 'Fail' },
  { value: 'notApplicable', label: 'N/A' },
];

/**
 * A checklist grouped by `group`, the groups in the order they first come: a fieldset each,
 * its items rendered by `children` with their place in the whole list (numbers and keys run
 * across groups). Each rendered item carries its own key.
 */
export function ChecklistGroups<Item extends { group: string }>({
  items,
  children,
}: {
  items: readonly Item[];
  children: (item: Item, index: number) => ReactNode;
}) {
  const groups = [...new Set(items.map((item) => item.group))];
  return (
    <div className="checklist">
      {groups.map((group) => (
        <fieldset className="checklist__group" key={group}>
          <legend className="checklist__group-title">{group}</legend>
          {items
            .map((item, index) => ({ item, index }))
            .filter(({ item }) => item.group === group)
            .map(({ item, index }) => children(item, index))}
        </fieldset>
      ))}
    </div>
  );
}

/** An item's number (across groups), name and description; the name labels its verdicts. */
export function CheckHead({
  item,
  number,
  nameId,
}: {
  item: { displayName: string; description: string };
  number: number;
  nameId: string;
}) {
  return (
    <div className="check__head">
      <span className="check__number" aria-hidden="true">
        {number}
      </span>
      <div>
        <p className="check__name" id={nameId}>
          {item.displayName}
        </p>
        <p className="check__description">{item.description}</p>
      </div>
    </div>
  );
}

/** An item's verdict buttons: pressing the chosen one again takes it back. */
export function Verdicts({
  item,
  labelledBy,
  status,
  disabled,
  onChange,
}: {
  item: { allowNA: boolean };
  labelledBy: string;
  status: ChecklistVerdict | undefined;
  disabled: boolean;
  onChange: (status: ChecklistVerdict | undefined) => void;
}) {
  return (
    <div className="verdicts" role="group" aria-labelledby={labelledBy}>
      {VERDICTS.filter((v) => verdictAllowed(item, v.value)).map((v) => (
        <button
          key={v.value}
          type="button"
          className="verdicts__option"
          data-verdict={v.value}
          aria-pressed={status === v.value}
          disabled={disabled}
          onClick={() => onChange(status === v.value ? undefined : v.value)}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
