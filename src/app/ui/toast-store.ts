import { useSyncExternalStore } from 'react';

// Toasts are for background news (live events, background failures), never for the result
// of what a person just did on screen: that shows where they did it.

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'error';
  /** A link: to another site in a new tab, or (`inApp`) to a screen of the console, here. */
  action?: { label: string; href: string; inApp?: boolean };
}

let toasts: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function pushToast(toast: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  // Keep the newest few: a burst of events must not bury the screen.
  toasts = [...toasts, { ...toast, id }].slice(-4);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function useToasts(): ToastMessage[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}

// The router lives inside the app's tree and the toaster beside it: the shell lends its
// navigation here, so a toast's in-app link changes screen without reloading the console.
let navigator: ((path: string) => void) | undefined;

/** Lends the router's navigation to toasts; answers the function that takes it back. */
export function setToastNavigator(navigate: (path: string) => void): () => void {
  navigator = navigate;
  return () => {
    if (navigator === navigate) navigator = undefined;
  };
}

/** Follows an in-app link through the router; false when there is none (a plain link then). */
export function followInApp(path: string): boolean {
  if (!navigator) return false;
  navigator(path);
  return true;
}
