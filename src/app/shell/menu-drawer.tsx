import type { ReactNode } from 'react';
import { Sheet } from '../ui/dialog.tsx';

/**
 * The navigation as a drawer on narrow screens. Loaded on first open, so Radix's dialog is
 * not part of the JavaScript every screen starts with; it hands focus back on close.
 */
export default function MenuDrawer({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu" className="drawer">
      {children}
    </Sheet>
  );
}
