import * as Radix from '@radix-ui/react-dialog';
import {
  useLayoutEffect,
  useState,
  type FormEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { Button } from './button.tsx';
import { lockScroll } from './scroll-lock.ts';
import './alert.css';
import './dialog.css';

// Every modal in the console is one of these: Radix traps focus, closes on Escape and on a
// click outside, hands focus back to the opener, and names the dialog by its title and
// description. Screens pass words and fields, never the scaffold.

interface Frame {
  /** Controlled when given; otherwise the trigger opens it and Cancel or Escape closes it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it. Left out when the opener is elsewhere (a shortcut key). */
  trigger?: ReactElement;
  title: ReactNode;
  /** Under the title; a screen reader says it after the title. */
  description: ReactNode;
  /** Why the last try failed, said above the fields; the dialog stays open with them. */
  failure?: string | null | undefined;
}

/**
 * The page dimmed under a dialog, whose scrolling it locks for as long as it is there
 * (scroll-lock.ts). Not Radix's Overlay, whose scroll lock writes a <style> the CSP refuses.
 * Radix's presence of the part passes the ref.
 */
function Overlay({ ref }: { ref?: Ref<HTMLDivElement> }) {
  useLayoutEffect(lockScroll, []);
  return <div className="modal__overlay" ref={ref} />;
}

function Shell({
  open,
  onOpenChange,
  trigger,
  role,
  described = true,
  className,
  children,
}: Pick<Frame, 'open' | 'onOpenChange' | 'trigger'> & {
  role?: 'alertdialog';
  /** False when there is no description: Radix then leaves out aria-describedby. */
  described?: boolean;
  className: string;
  children: ReactNode;
}) {
  // The portal waits for the first opening. Mounted closed, Radix's presence of each part
  // updates itself in a layout effect, and that synchronous render makes React run the
  // screen's pending effects in the same task: on a first visit, the frame that shows the
  // app's own screen (ADR 031) waited for every dialog in the shell and the queue.
  const [opened, setOpened] = useState(open === true);
  if (open && !opened) setOpened(true);
  return (
    <Radix.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setOpened(true);
        onOpenChange?.(next);
      }}
    >
      {trigger && <Radix.Trigger asChild>{trigger}</Radix.Trigger>}
      {opened && (
        <Radix.Portal>
          <Overlay />
          <Radix.Content
            className={className}
            // Spread, not `role={role}`: an undefined role would wipe Radix's own "dialog".
            {...(role ? { role } : {})}
            {...(described ? {} : { 'aria-describedby': undefined })}
          >
            {children}
          </Radix.Content>
        </Radix.Portal>
      )}
    </Radix.Root>
  );
}

function Header({ title, description }: Pick<Frame, 'title' | 'description'>) {
  return (
    <div className="modal__header">
      <Radix.Title className="modal__title">{title}</Radix.Title>
      <Radix.Description className="modal__description">{description}</Radix.Description>
    </div>
  );
}

function Failure({ failure }: Pick<Frame, 'failure'>) {
  return failure ? (
    <p className="alert" role="alert">
      {failure}
    </p>
  ) : null;
}

export interface DialogProps extends Frame {
  /** Wide for a dialog with a list to choose from. */
  size?: 'normal' | 'wide';
  /** Makes the body a form, so Enter submits; its submit button goes in `actions`. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** Buttons after the closing one, the primary last. */
  actions?: ReactNode;
  /** The closing button: "Cancel" beside other actions, "Close" when it is the only one. */
  closeLabel?: string;
}

/** A dialog with a title, a line under it, a body and its actions. */
export function Dialog({
  size = 'normal',
  onSubmit,
  children,
  actions,
  closeLabel = actions ? 'Cancel' : 'Close',
  ...frame
}: DialogProps) {
  const inside = (
    <>
      <Failure failure={frame.failure} />
      {children}
      <div className="modal__actions">
        <Radix.Close asChild>
          <Button>{closeLabel}</Button>
        </Radix.Close>
        {actions}
      </div>
    </>
  );
  return (
    <Shell {...frame} className={size === 'wide' ? 'modal modal--wide' : 'modal'}>
      <Header title={frame.title} description={frame.description} />
      {onSubmit ? (
        <form className="modal__form" onSubmit={onSubmit} noValidate>
          {inside}
        </form>
      ) : (
        inside
      )}
    </Shell>
  );
}

export interface ConfirmDialogProps extends Frame {
  /** The button that does it, e.g. "Archive process". */
  confirmLabel: string;
  onConfirm: () => void;
  /** While the answer is awaited the button is disabled and says so, e.g. "Archiving…". */
  pending?: boolean;
  pendingLabel?: string;
}

/**
 * Asks before something that cannot simply be taken back. An alert dialog: focus starts on
 * Cancel, so a stray Enter does nothing harmful.
 */
export function ConfirmDialog({
  confirmLabel,
  onConfirm,
  pending = false,
  pendingLabel = confirmLabel,
  ...frame
}: ConfirmDialogProps) {
  return (
    <Shell {...frame} role="alertdialog" className="modal">
      <Header title={frame.title} description={frame.description} />
      <Failure failure={frame.failure} />
      <div className="modal__actions">
        <Radix.Close asChild>
          <Button>Cancel</Button>
        </Radix.Close>
        <Button
          variant="primary"
          className="modal__danger"
          onClick={onConfirm}
          pending={pending}
          pendingLabel={pendingLabel}
        >
          {confirmLabel}
        </Button>
      </div>
    </Shell>
  );
}

/**
 * A panel from the side, for navigation on narrow screens. Its title is for screen readers
 * only: what is in it says what it is.
 */
export function Sheet({
  title,
  className,
  children,
  ...frame
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Shell
      {...frame}
      described={false}
      className={['modal-sheet', className].filter(Boolean).join(' ')}
    >
      <Radix.Title className="visually-hidden">{title}</Radix.Title>
      {children}
    </Shell>
  );
}
