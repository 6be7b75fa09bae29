import type { ComponentType } from 'react';

// What a navigation entry shows beside its label (a count of work waiting), told by the
// feature that knows it: the shell imports no feature, so the feature registers its badge here
// when its routes load (as it registers its live-event listeners, live-events.ts).

const badges = new Map<string, ComponentType>();

/** Shows `Badge` beside the navigation entry of `path` (an area's `to`, nav.ts). */
export function registerNavBadge(path: string, Badge: ComponentType): void {
  badges.set(path, Badge);
}

/** The badge of an area's entry, if its feature registered one. */
export function navBadgeOf(path: string): ComponentType | undefined {
  return badges.get(path);
}
