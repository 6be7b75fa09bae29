import { laterModule } from './later-module.ts';

// The dialogs with Radix under them (about 11 kB compressed), for the screens every first
// visit runs (the shell, the review) but whose dialogs open only later, if at all: loaded when
// the page is idle or when one is wanted, not before the takeover (ADR 006, ADR 031).
export const laterDialog = laterModule(() => import('./dialog.tsx'));
