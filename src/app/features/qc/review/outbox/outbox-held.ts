// The requests each person's outbox holds, as this tab knows them: what screens show as
// saving (outbox.ts). Screens subscribe, and hear of a change, but not from a decision's
// submission to its next screen's frame: its answer may come first, and they would render
// for nothing before that frame (ADR 024).

const NONE: ReadonlySet<string> = new Set();

export function createHeldIds() {
  const held = new Map<string, ReadonlySet<string>>();
  const listeners = new Set<() => void>();
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const announce = () => {
    clearTimeout(quiet);
    quiet = undefined;
    listeners.forEach((listener) => listener());
  };
  return {
    /** The requests of `scope`'s outbox: decided here, not yet answered by the service. */
    ids: (scope: string | null): ReadonlySet<string> => (scope && held.get(scope)) || NONE,

    /** Whether any person's outbox in this tab holds a decision of request `id`. */
    holds: (id: string): boolean => [...held.values()].some((ids) => ids.has(id)),

    /** Tells screens what changed since a decision was submitted: once its next screen is shown. */
    announce,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Changes `scope`'s set; screens hear of it unless they are kept quiet. */
    change(scope: string, change: (ids: Set<string>) => void) {
      const before = held.get(scope) ?? NONE;
      const ids = new Set(before);
      change(ids);
      // Unchanged: screens keep the set they have, and render nothing.
      if (ids.size === before.size && [...ids].every((id) => before.has(id))) return;
      held.set(scope, ids);
      if (quiet === undefined) announce();
    },

    /** Screens hear of nothing until `announce()`, or `ms` from now at the latest. */
    quietFor(ms: number) {
      clearTimeout(quiet);
      quiet = setTimeout(announce, ms);
    },
  };
}
