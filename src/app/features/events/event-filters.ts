import { z } from '../../../contract/zod.ts';
import type { ReceivedEvent } from '../../../contract/session.ts';

// The view of `/events` lives in the URL: `?type=DOCUMENT_READY&check=refused&q=msg_…`.
// `check` picks the list (verified, the default, or refused: the gateway keeps them apart);
// `type` and `q` filter whichever list it is.

/** The gateway records a type only when it looks like one; anything else is no filter. */
const TypeFilterSchema = z.catch(
  z.optional(z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/))),
  undefined,
);

export const EventFiltersSchema = z.object({
  type: TypeFilterSchema,
  check: z.catch(z.optional(z.enum(['verified', 'refused'])), undefined),
  q: z.catch(z.optional(z.string().check(z.trim()).check(z.maxLength(200))), undefined),
});
export type EventFilters = z.infer<typeof EventFiltersSchema>;

export function filtersFromSearch(params: URLSearchParams): EventFilters {
  const parsed = EventFiltersSchema.parse({
    type: params.get('type') || undefined,
    check: params.get('check') || undefined,
    q: params.get('q') || undefined,
  });
  return {
    ...(parsed.type ? { type: parsed.type } : {}),
    // Verified is the default list: an old link's `check=verified` says nothing more.
    ...(parsed.check === 'refused' ? { check: parsed.check } : {}),
    ...(parsed.q ? { q: parsed.q } : {}),
  };
}

/** The search string (no `?`) of a view; the same view always gives the same string. */
export function filtersToSearch(filters: EventFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.check === 'refused') params.set('check', filters.check);
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

/** Whether the list is narrowed (which list it is, `check`, is no filter). */
export function isFiltered(filters: EventFilters): boolean {
  return Boolean(filters.type || filters.q);
}

/** The same view with its filters cleared, on the same list. */
export function withoutFilters(filters: EventFilters): EventFilters {
  return filters.check ? { check: filters.check } : {};
}

/** Whether an event is in the view. `q` looks in the hook-id and the payload's values. */
export function matchesFilters(event: ReceivedEvent, filters: EventFilters): boolean {
  if (filters.type && event.type !== filters.type) return false;
  const q = filters.q?.trim().toLowerCase();
  if (!q) return true;
  if (event.hookId.toLowerCase().includes(q)) return true;
  return Object.values(event.payload).some(
    (value) =>
      (typeof value === 'string' || typeof value === 'number') &&
      String(value).toLowerCase().includes(q),
  );
}
