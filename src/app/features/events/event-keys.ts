// The events feature's query keys, apart from events.queries.ts (which uses them): the
// shell's stream (received-events.ts) needs the received list's key, and events.queries.ts
// would pull the sandbox client into every screen's code.
export const eventKeys = {
  all: () => ['events'] as const,
  recent: () => [...eventKeys.all(), 'recent'] as const,
};
