import type { ReactNode } from 'react';

/**
 * A wide table's own horizontal scroll, inside its card (ui/table.css): a named region in the
 * tab order, so a keyboard can scroll it too.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroller" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
