import {
  suggestedCheck,
  type Check,
  type CheckBinding,
  type CheckedItem,
  type CheckResult,
  type Verdict,
} from '../../../../contract/checks.ts';
import {
  REGIONS_PER_DECISION_MAX,
  REGIONS_PER_FINDING_MAX,
  type Region,
} from '../../../../contract/findings.ts';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import type { ShownRegion } from '../../../pdf/regions/region-channel.ts';
import type { ReviewDraft } from './draft-store.ts';
import { regionCount, regionsOf } from './marks.ts';

// The machine's verdicts in the review (ADR 042): what it said of each item bound to a check,
// its regions over the document, and what taking a verdict does to the reviewer's draft. It
// never decides: a reviewer's key puts its verdict in the draft, as their own would be.

/** The machine's verdict of each bound item, by item id (lower case). */
export type MachineVerdicts = ReadonlyMap<string, CheckedItem>;

export const NO_VERDICTS: MachineVerdicts = new Map();

export function verdictsOf(result: CheckResult | null | undefined): MachineVerdicts {
  if (!result?.items.length) return NO_VERDICTS;
  return new Map(result.items.map((item) => [item.itemId.toLowerCase(), item]));
}

export const verdictFor = (verdicts: MachineVerdicts, itemId: string) =>
  verdicts.get(itemId.toLowerCase());

/**
 * The check each item is bound to, as the gateway binds them when it reads the document: by
 * the process's saved binding, else by the item's name. Known before the read, so the review
 * keeps the room its verdicts take while they come, and nothing moves when they do.
 */
export function expectedChecks(
  items: readonly ChecklistItem[],
  binding: CheckBinding | undefined,
): ReadonlyMap<string, Check> {
  const expected = new Map<string, Check>();
  for (const item of items) {
    const check = binding
      ? Object.hasOwn(binding, item.displayName)
        ? binding[item.displayName]
        : undefined
      : suggestedCheck(item.displayName);
    if (check) expected.set(item.id, check);
  }
  return expected;
}

export const VERDICT_WORDS: Record<Verdict, string> = {
  pass: 'Pass',
  fail: 'Fail',
  unsure: 'Unsure',
};

const MACHINE = 'machine:';
/** A machine region's key among the document's regions: its item and its place. */
export const machineKey = (itemId: string, index: number) => `${MACHINE}${itemId}#${index}`;
/** The item a region's key names, when the region is the machine's. */
export function machineItemOf(key: string): string | undefined {
  if (!key.startsWith(MACHINE)) return undefined;
  const at = key.lastIndexOf('#');
  return at > MACHINE.length ? key.slice(MACHINE.length, at) : undefined;
}

/** "Machine: No ink on Jose Alvarez's line on page 3": its reason, and the page if unsaid. */
export function machineLabel(reason: string, page: number): string {
  const said = new RegExp(`\\bpages? (\\d+, )*(\\d+ and )?${page}\\b`, 'i').test(reason);
  return said ? `Machine: ${reason}` : `Machine: ${reason} (page ${page})`;
}

const sameRegion = (a: Region, b: Region) =>
  a.page === b.page && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

/**
 * The machine's regions over the document: those of the items it failed or was unsure of,
 * and of the selected item whatever it said. A region the reviewer took as their own is
 * drawn as theirs (editable), not twice.
 */
export function machineRegions(
  items: readonly ChecklistItem[],
  verdicts: MachineVerdicts,
  ownOf: (itemId: string) => readonly Region[],
  selectedId: string | undefined,
): ShownRegion[] {
  if (verdicts.size === 0) return [];
  return items.flatMap((item, number) => {
    const checked = verdictFor(verdicts, item.id);
    if (!checked || (checked.verdict === 'pass' && item.id !== selectedId)) return [];
    const own = ownOf(item.id);
    return checked.regions.flatMap((region, index): ShownRegion[] =>
      own.some((mine) => sameRegion(mine, region))
        ? []
        : [
            {
              key: machineKey(item.id, index),
              region,
              label: machineLabel(checked.reason, region.page),
              tag: String(number + 1),
              editable: false,
              tone: 'machine',
            },
          ],
    );
  });
}

/** What taking the machine's verdict of one item did. */
export type Taken = 'approved' | 'rejected' | 'unsure';

/**
 * The draft with the machine's verdict of `item` taken, as the reviewer's own keys would
 * set it: a pass approves it; a fail rejects it with the machine's reason as its note (unless
 * the reviewer wrote one) and its regions added to the item's; an unsure changes nothing.
 */
export function takeVerdict(
  draft: ReviewDraft,
  itemId: string,
  checked: CheckedItem,
): { draft: ReviewDraft; taken: Taken } {
  if (checked.verdict === 'unsure') return { draft, taken: 'unsure' };
  const entry = draft.items[itemId] ?? {};
  if (checked.verdict === 'pass') {
    const items = { ...draft.items, [itemId]: { ...entry, status: 'approved' as const } };
    return { draft: { ...draft, items }, taken: 'approved' };
  }
  const regions = [...(entry.regions ?? [])];
  // Within what one finding and one decision may carry (the gateway refuses more).
  const room = REGIONS_PER_DECISION_MAX - regionCount(draft) + regionsOf(entry).length;
  for (const region of checked.regions) {
    if (regions.length >= REGIONS_PER_FINDING_MAX || regions.length >= room) break;
    if (!regions.some((r) => sameRegion(r, region))) regions.push(region);
  }
  const note = entry.note?.trim() ? entry.note : checked.reason;
  const rejected = { ...entry, status: 'rejected' as const, note, regions };
  return { draft: { ...draft, items: { ...draft.items, [itemId]: rejected } }, taken: 'rejected' };
}

/** The draft with every item the machine passed approved, but those the reviewer decided. */
export function takePasses(
  draft: ReviewDraft,
  items: readonly ChecklistItem[],
  verdicts: MachineVerdicts,
): { draft: ReviewDraft; count: number } {
  let count = 0;
  let next = draft;
  for (const item of items) {
    if (verdictFor(verdicts, item.id)?.verdict !== 'pass' || draft.items[item.id]?.status) continue;
    next = takeVerdict(next, item.id, verdictFor(verdicts, item.id)!).draft;
    count += 1;
  }
  return { draft: next, count };
}

/**
 * Where to look next, once the machine's passes are taken: the first undecided item it
 * failed (a defect decides a rejection), else the first it was unsure of, else the first
 * undecided item at all (one it has no verdict on); -1 when every item is decided.
 */
export function nextToLook(
  items: readonly ChecklistItem[],
  draft: ReviewDraft,
  verdicts: MachineVerdicts,
): number {
  const open = (verdict: Verdict | undefined) =>
    items.findIndex(
      (item) =>
        !draft.items[item.id]?.status &&
        (verdict === undefined || verdictFor(verdicts, item.id)?.verdict === verdict),
    );
  for (const verdict of ['fail', 'unsure', undefined] as const) {
    const index = open(verdict);
    if (index >= 0) return index;
  }
  return -1;
}
