import { useEffect } from 'react';
import { releaseHeldKeys } from '../../../first-visit/held-keys.ts';
import { laterDialog } from '../../../ui/later-dialog.ts';

export const SHORTCUTS: [string, string][] = [
  ['a', 'Approve and open the next document'],
  ['r', 'Reject and open the next document'],
  ['n / p', 'Next / previous document (your draft is kept)'],
  ['1 – 9', 'Select one of the first nine checklist items'],
  ['j / k', 'Select the next / previous checklist item'],
  ['space', 'Pass the selected item and move to the next open one (again: clear it)'],
  ['f', 'Fail the selected item and write what is wrong in its note'],
  ['x', 'Mark the selected item N/A, where it allows that (again: clear it)'],
  ['m', 'Mark the failed item on the page: drag a rectangle, or mark the whole page (again: stop)'],
  [
    'v',
    "Take the machine's verdict on the selected item: its pass, or its finding with its note and regions",
  ],
  ['shift v', 'Take every pass the machine gave, then go to the first item it did not pass'],
  ['esc', 'Leave a note field; stop marking, or drop a rectangle being drawn'],
  ['delete', 'Remove the marked region that has the focus'],
  ['← ↑ → ↓', 'Move the focused region; with shift, resize it'],
  ['?', 'Show these shortcuts'],
];

export interface ShortcutHandlers {
  approve(): void;
  reject(): void;
  next(): void;
  previous(): void;
  select(index: number): void;
  move(delta: 1 | -1): void;
  toggle(): void;
  fail(): void;
  notApplicable(): void;
  /** Marks the selected failed item on the page (use-marks.ts). */
  mark(): void;
  /** Takes the machine's verdict on the selected item (use-machine-review.ts). */
  take(): void;
  /** Takes every pass the machine gave, and selects the first item it did not pass. */
  takeAll(): void;
  help(): void;
}

/** Single-key shortcuts, ignored while typing in a field or with a modifier held. */
export function useShortcuts(handlers: ShortcutHandlers) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      // Escape leaves a note (reached with f), so the keys work again without the mouse.
      if (event.key === 'Escape' && target?.matches('.check__note, .review__notes')) {
        target.blur();
        return;
      }
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]'))
        return;
      // Inside the document, Space scrolls it, as it does in any reader.
      if (event.key === ' ' && target?.closest('.pdf-preview')) return;
      const actions: Record<string, () => void> = {
        a: handlers.approve,
        r: handlers.reject,
        n: handlers.next,
        p: handlers.previous,
        j: () => handlers.move(1),
        k: () => handlers.move(-1),
        ' ': handlers.toggle,
        f: handlers.fail,
        x: handlers.notApplicable,
        m: handlers.mark,
        v: handlers.take,
        V: handlers.takeAll,
        '?': handlers.help,
      };
      const digit = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : null;
      const action = digit !== null ? () => handlers.select(digit) : actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    // Keys pressed on the gateway's first screen of the review (ADR 025), now that they act.
    releaseHeldKeys();
    return () => window.removeEventListener('keydown', onKey);
  }, [handlers]);
}

export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Preloaded when idle by the shell around the review (layout.tsx).
  const Dialog = laterDialog.useLoaded(open)?.Dialog;
  if (!Dialog) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Keys that work while reviewing a document."
    >
      <dl className="shortcuts">
        {SHORTCUTS.map(([key, what]) => (
          <div key={key} className="shortcuts__row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
