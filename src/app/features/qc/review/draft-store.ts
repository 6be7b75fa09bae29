import { RegionSchema, SeveritySchema } from '../../../../contract/findings.ts';
import { ChecklistVerdictSchema } from '../../../../contract/qc.ts';
import { z } from '../../../../contract/zod.ts';
import { browserStorage, storedKeys, userStorageKey } from '../../../user-storage.ts';

// Review drafts in localStorage (ADR 019): they survive closing the tab and a browser
// restart, until the decision is saved or the reviewer signs out. Each lives under its
// reviewer's scope (user-storage.ts), so no one else signing in here ever reads it. The
// browser's share is bounded: old drafts go first, and a draft too big to keep stays in
// memory only rather than crowding out everyone else's.

const ItemDraftSchema = z.object({
  status: z.optional(ChecklistVerdictSchema),
  note: z.optional(z.string()),
  // What a failed item is marked with (ADR 029): its regions on the pages, and a severity
  // the reviewer raised above the item's own (absent: the item's).
  regions: z.optional(z.array(RegionSchema)),
  severity: z.optional(SeveritySchema),
});
export type ItemDraft = z.infer<typeof ItemDraftSchema>;

/** A page's box (pdf/regions/region-geometry.ts): kept for the pages marked on. */
const PageBoxSchema = z.object({ width: z.number(), height: z.number(), rotation: z.number() });

const ReviewDraftSchema = z.object({
  items: z.record(z.string(), ItemDraftSchema),
  notes: z.string(),
  /**
   * The boxes of the pages marked on, by page number: a review reopened cold draws its
   * regions over the gateway's first-page image before pdf.js has read the document.
   */
  pages: z.optional(z.record(z.string(), PageBoxSchema)),
});
export type ReviewDraft = z.infer<typeof ReviewDraftSchema>;

/** `savedAt` first, so pruning reads an entry's age without parsing the rest. */
const StoredSchema = z.object({ savedAt: z.number(), draft: ReviewDraftSchema });

export const EMPTY_DRAFT: ReviewDraft = { items: {}, notes: '' };

export const DRAFT_LIMITS = {
  /** Drafts kept in this browser, every reviewer's together. */
  entries: 50,
  /** One draft's stored size, in characters (the service takes 5,000 for the notes). */
  entryChars: 100_000,
  /** All drafts together: well inside the few megabytes a browser gives an origin. */
  totalChars: 1_000_000,
  /** A draft untouched this long is dropped: its request has long been decided. */
  ageMs: 30 * 24 * 3_600_000,
};

const NAME = 'qc-draft:';
/** A draft's name under its person's prefix (user-storage.ts). */
export const draftName = (id: string) => `${NAME}${id}`;
const SAVED_AT = /^\{"savedAt":(\d+)/;

export function isEmptyDraft(draft: ReviewDraft): boolean {
  return (
    draft.notes === '' &&
    Object.values(draft.items).every(
      (i) => !i.status && !i.note && !i.regions?.length && !i.severity,
    )
  );
}

export interface DraftStore {
  read(id: string): ReviewDraft;
  /** Whether the draft is kept (false: refused by size or by the browser; it stays in memory). */
  write(id: string, draft: ReviewDraft): boolean;
  remove(id: string): void;
}

/**
 * The drafts of one reviewer (`scope`, from user-storage.ts). Without a scope or a storage,
 * nothing is kept: a draft is never stored where it cannot be told whose it is.
 */
export function draftStore(
  scope: string | null,
  storage: Storage | null = browserStorage(),
  now: () => number = Date.now,
): DraftStore {
  if (!scope || !storage) return { read: () => EMPTY_DRAFT, write: () => false, remove: () => {} };
  const keyOf = (id: string) => userStorageKey(scope, `${NAME}${id}`);
  const safely = <T>(fallback: T, run: () => T): T => {
    try {
      return run();
    } catch {
      return fallback;
    }
  };
  const remove = (id: string) => safely(undefined, () => storage.removeItem(keyOf(id)));

  return {
    read: (id) =>
      safely(EMPTY_DRAFT, () => {
        const raw = storage.getItem(keyOf(id));
        if (!raw) return EMPTY_DRAFT;
        const stored = StoredSchema.safeParse(JSON.parse(raw));
        if (stored.success && now() - stored.data.savedAt <= DRAFT_LIMITS.ageMs) {
          return stored.data.draft;
        }
        storage.removeItem(keyOf(id));
        return EMPTY_DRAFT;
      }),
    write: (id, draft) => {
      const key = keyOf(id);
      if (isEmptyDraft(draft)) {
        remove(id);
        return true;
      }
      const raw = JSON.stringify({ savedAt: now(), draft });
      if (raw.length > DRAFT_LIMITS.entryChars) {
        remove(id);
        return false;
      }
      const put = () =>
        safely(false, () => {
          storage.setItem(key, raw);
          return true;
        });
      // Pruning reads every draft's size, so it runs when a draft starts, not per keystroke.
      if (safely(false, () => storage.getItem(key) === null)) {
        safely(undefined, () => prune(storage, key, raw.length, now()));
      }
      if (put()) return true;
      // Full after all (the origin's share is used by more than drafts): oldest out first.
      for (const { key: old } of safely([], () => byAge(storage, key))) {
        safely(undefined, () => storage.removeItem(old));
        if (put()) return true;
      }
      return false;
    },
    remove,
  };
}

/** Every other stored draft, oldest first, with its size. */
function byAge(storage: Storage, keep: string) {
  return storedKeys(storage, NAME)
    .filter((key) => key !== keep)
    .map((key) => {
      const raw = storage.getItem(key) ?? '';
      return { key, chars: raw.length, savedAt: Number(SAVED_AT.exec(raw)?.[1] ?? 0) };
    })
    .sort((a, b) => a.savedAt - b.savedAt);
}

/** Drops expired and unreadable drafts, then the oldest, until `incoming` fits the bounds. */
function prune(storage: Storage, keep: string, incoming: number, at: number): void {
  const entries = byAge(storage, keep);
  let total = entries.reduce((sum, e) => sum + e.chars, 0) + incoming;
  let count = entries.length + 1;
  for (const entry of entries) {
    const expired = at - entry.savedAt > DRAFT_LIMITS.ageMs;
    if (!expired && count <= DRAFT_LIMITS.entries && total <= DRAFT_LIMITS.totalChars) break;
    storage.removeItem(entry.key);
    total -= entry.chars;
    count -= 1;
  }
}
