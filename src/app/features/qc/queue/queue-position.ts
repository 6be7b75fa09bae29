import { z } from '../../../../contract/zod.ts';
import { filtersToSearch, type QueueFilters } from '../queue-view.ts';

// Where the reviewer was in a queue view (selected request, its index, the scroll), kept per
// view in session storage so coming back from a review lands on the same row. The index
// stands in when the request itself has left the list (it was just approved or rejected):
// the row that took its place is the next one to review.

const PositionSchema = z.object({
  selected: z.optional(z.object({ id: z.string(), index: z.int().check(z.nonnegative()) })),
  scrollTop: z.number().check(z.nonnegative()),
});
export type QueuePosition = z.infer<typeof PositionSchema>;
/** The selected request, and the row it was on. */
export type QueueSelection = NonNullable<QueuePosition['selected']>;

const keyFor = (filters: QueueFilters) => `attest.qc-queue?${filtersToSearch(filters)}`;

/** The selection's row: where its request is now, else (it left the list) the same place. */
export function rowOf(
  items: readonly { id: string }[],
  selection: QueueSelection | null | undefined,
): number {
  if (!selection || items.length === 0) return -1;
  const found = items.findIndex((request) => request.id === selection.id);
  return found >= 0 ? found : Math.min(selection.index, items.length - 1);
}

export function readQueuePosition(filters: QueueFilters): QueuePosition | undefined {
  try {
    const raw = sessionStorage.getItem(keyFor(filters));
    if (!raw) return undefined;
    const parsed = PositionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Storage can be unavailable (privacy modes) or hold something unreadable: start fresh.
    return undefined;
  }
}

export function saveQueuePosition(filters: QueueFilters, position: QueuePosition): void {
  try {
    sessionStorage.setItem(keyFor(filters), JSON.stringify(position));
  } catch {
    // A full or blocked storage only costs the remembered position.
  }
}

/**
 * For the review screen: the request on screen becomes the queue's selection, so "back to
 * the queue" lands on the last request reviewed rather than the first one opened.
 */
export function rememberQueueSelection(filters: QueueFilters, id: string): void {
  const current = readQueuePosition(filters);
  saveQueuePosition(filters, {
    selected: { id, index: current?.selected?.index ?? 0 },
    scrollTop: current?.scrollTop ?? 0,
  });
}
