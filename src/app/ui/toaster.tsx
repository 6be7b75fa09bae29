import * as Toast from '@radix-ui/react-toast';
import { useRef } from 'react';
import { dismissToast, followInApp, useToasts } from './toast-store.ts';
import { useToasterPlacement } from './toaster-placement.ts';
import './toaster.css';

/** Renders queued toasts with Radix (announced, swipe and Escape to dismiss, F8 to focus). */
export default function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  const { at, shown } = useToasterPlacement(
    viewport,
    toasts.map((toast) => toast.id),
  );
  return (
    <Toast.Provider swipeDirection="right" duration={8000}>
      {toasts.map((toast, index) => (
        <Toast.Root
          key={toast.id}
          className={`toast toast--${toast.tone ?? 'info'}`}
          data-toast-id={toast.id}
          // Waiting for room (toaster-placement.ts): unseen, and its time not yet running.
          data-waiting={index >= shown || undefined}
          {...(index >= shown && { duration: Infinity })}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
        >
          <Toast.Title className="toast__title">{toast.title}</Toast.Title>
          {toast.description && (
            <Toast.Description className="toast__description">
              {toast.description}
            </Toast.Description>
          )}
          {toast.action && (
            <Toast.Action altText={toast.action.label} asChild>
              <a
                className="toast__action"
                href={toast.action.href}
                {...(toast.action.inApp
                  ? {
                      onClick: (event) => {
                        const { href } = toast.action ?? {};
                        if (href && followInApp(href)) event.preventDefault();
                      },
                    }
                  : { target: '_blank', rel: 'noreferrer noopener' })}
              >
                {toast.action.label}
              </a>
            </Toast.Action>
          )}
          <Toast.Close className="toast__close" aria-label="Dismiss">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        className={at === 'top' ? 'toaster toaster--top' : 'toaster'}
        label="Notifications ({hotkey})"
      />
    </Toast.Provider>
  );
}
