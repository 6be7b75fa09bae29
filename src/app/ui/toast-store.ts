import { useSyncExternalStore } from 'react';

// Toasts are for background news (live events, background failures), never for the result
// of what a person just did on screen: that shows where they did it.

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'error';
  action?: { label: string; href: string };
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
