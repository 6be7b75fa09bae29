import {
  pagePointer,
  REGIONS_PER_DECISION_MAX,
  REGIONS_PER_FINDING_MAX,
  type DecisionMarks,
  type Region,
  type Severity,
} from '../../../../contract/findings.ts';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import type { PageBox } from '../../../pdf/regions/region-geometry.ts';
import type { ItemDraft, ReviewDraft } from './draft-store.ts';

// A failed item's marks (ADR 029) in the review's draft: its regions on the pages and a
// severity raised above the item's. They matter only to a rejection: an approval has no
// failed item, so approve and next never reads them.

/** A region's name among the draft's: its item and its place in the item's list. */
export const regionKey = (itemId: string, index: number) => `${itemId}#${index}`;

export function parseRegionKey(key: string): { itemId: string; index: number } | null {
  const at = key.lastIndexOf('#');
  const index = Number(key.slice(at + 1));
  if (at <= 0 || !Number.isInteger(index) || index < 0) return null;
  return { itemId: key.slice(0, at), index };
}

/** "Marked region 1 on page 2: Notary seal visible". */
export const regionLabel = (index: number, region: Region, itemName: string) =>
  `Marked region ${index + 1} on page ${region.page}: ${itemName}`;

/** The regions of a failed item: none while it is not failed (they come back if it is again). */
export const regionsOf = (entry: ItemDraft | undefined): Region[] =>
  entry?.status === 'rejected' ? (entry.regions ?? []) : [];

/** How many regions the draft's failed items hold together. */
export const regionCount = (draft: ReviewDraft): number =>
  Object.values(draft.items).reduce((n, entry) => n + regionsOf(entry).length, 0);

/** Why another region may not be marked for `itemId`, if it may not. */
export function fullReason(draft: ReviewDraft, itemId: string): string | undefined {
  if (regionsOf(draft.items[itemId]).length >= REGIONS_PER_FINDING_MAX) {
    return `This item has the most regions one item may have (${REGIONS_PER_FINDING_MAX}).`;
  }
  if (regionCount(draft) >= REGIONS_PER_DECISION_MAX) {
    return `This review has the most regions one decision may have (${REGIONS_PER_DECISION_MAX}).`;
  }
  return undefined;
}

/** The draft with `region` marked for `itemId` (and its page's box kept), if there is room. */
export function withRegion(
  draft: ReviewDraft,
  itemId: string,
  region: Region,
  box: PageBox,
): ReviewDraft {
  const entry = draft.items[itemId];
  if (entry?.status !== 'rejected' || fullReason(draft, itemId)) return draft;
  return {
    ...draft,
    items: { ...draft.items, [itemId]: { ...entry, regions: [...(entry.regions ?? []), region] } },
    pages: { ...draft.pages, [String(region.page)]: box },
  };
}

/** The draft with the region `key` moved or resized (`region`), or removed (null). */
export function withRegionChanged(
  draft: ReviewDraft,
  key: string,
  region: Region | null,
): ReviewDraft {
  const at = parseRegionKey(key);
  const entry = at && draft.items[at.itemId];
  if (!at || !entry?.regions?.[at.index]) return draft;
  const regions =
    region === null
      ? entry.regions.filter((_, i) => i !== at.index)
      : entry.regions.map((r, i) => (i === at.index ? region : r));
  return { ...draft, items: { ...draft.items, [at.itemId]: { ...entry, regions } } };
}

/**
 * The marks a rejection sends (the `Attest-Marks` header): each failed item with regions
 * or a raised severity; undefined when there are none.
 */
export function decisionMarks(
  items: readonly ChecklistItem[],
  draft: ReviewDraft,
): DecisionMarks | undefined {
  const marked = items.flatMap((item) => {
    const entry = draft.items[item.id];
    const regions = regionsOf(entry);
    const severity = entry?.status === 'rejected' ? entry.severity : undefined;
    if (regions.length === 0 && !severity) return [];
    return [{ itemId: item.id, ...(severity ? { severity } : {}), regions }];
  });
  return marked.length > 0 ? { items: marked } : undefined;
}

/**
 * `note` with the plain pointer to `regions`' pages appended ("p. 2", "pp. 2, 4": the
 * contract's `pagePointer`), unless it says it already: the finding reads where the console
 * does not.
 */
export function withPointer(note: string, regions: readonly Pick<Region, 'page'>[]): string {
  const pointer = pagePointer(regions);
  if (!pointer || note.toLowerCase().includes(pointer)) return note;
  return note ? `${note} (${pointer})` : pointer;
}

/** The severities a reviewer may give a failed item whose own is `base`: it and above. */
export function severitiesFrom(base: Severity, all: readonly Severity[]): Severity[] {
  return all.slice(all.indexOf(base));
}
