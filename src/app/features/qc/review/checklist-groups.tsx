import type { ReactNode } from 'react';
import type { ChecklistVerdict } from '../../../../contract/qc.ts';
import './checklist.css';

/** The verdicts a reviewer gives an item, as the checklist's buttons name them. */
export const VERDICTS: { value: ChecklistVerdict; label: string }[] = [
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
