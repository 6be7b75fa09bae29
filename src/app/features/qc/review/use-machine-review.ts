import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Check } from '../../../../contract/checks.ts';
import type { Region } from '../../../../contract/findings.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import type { RegionChannel, ShownRegion } from '../../../pdf/regions/region-channel.ts';
import { checkQueries } from '../checks.queries.ts';
import { settingsQuery } from '../processes/index.ts';
import type { ReviewDraft } from './draft.ts';
import {
  expectedChecks,
  machineKey,
  machineRegions,
  nextToLook,
  NO_VERDICTS,
  takePasses,
  takeVerdict,
  verdictFor,
  verdictsOf,
  type MachineVerdicts,
  type Taken,
} from './machine.ts';
import { regionKey, regionsOf } from './marks.ts';

type Update = (change: (draft: ReviewDraft) => ReviewDraft) => ReviewDraft;

/** The machine's read of the document: off (not asked), reading, there, or not to be had. */
export type MachineState = 'off' | 'reading' | 'ready' | 'error';

/** What the machine said last, of an item or of the review: shown there, and announced. */
export interface MachineSaid {
  itemId: string | null;
  text: string;
}

/** What the checklist shows of the machine (machine-verdicts.tsx). */
export interface MachineView {
  state: MachineState;
  verdicts: MachineVerdicts;
  /** The check each item is bound to, known before the read: its room is kept meanwhile. */
  expected: ReadonlyMap<string, Check>;
  said: MachineSaid | null;
  /** Its regions drawn over the document now (machineRegions), each a way to it there. */
  regions: readonly ShownRegion[];
  requestId: string;
  /** The document the regions and the seal's crop are of. */
  url: string;
  channel: RegionChannel;
  names: ReadonlyMap<string, string>;
  /** Takes the machine's verdict of the item (its button; the `v` key for the selected one). */
  take: (itemId: string) => void;
}

/** After the render a change causes (and the effects that tell the preview of it). */
const afterRender = (run: () => void) => requestAnimationFrame(() => requestAnimationFrame(run));

/** Whether the document is on screen: a phone scrolled down to the checklist is left there. */
function documentInView(): boolean {
  const area = document.querySelector('.review__document')?.getBoundingClientRect();
  return Boolean(area && area.bottom > 0 && area.top < window.innerHeight);
}

const quoted = (name: string) => `\u201c${name}\u201d`;

/** Settings are a manager's, changed seldom (as severity.ts reads them). */
const SETTINGS_STALE_MS = 5 * 60_000;

/**
 * The machine's verdicts in one review (ADR 042): read while the review is open, shown beside
 * each bound item, its regions over the document, and the keys that take them into the draft
 * (`v`: the selected item's; Shift+V: every pass). A person decides: nothing is taken but by
 * a key or a button, and the draft keeps what was taken as it keeps the reviewer's own.
 */
export function useMachineReview({
  current,
  enabled,
  locked,
  draft,
  updateDraft,
  selected,
  selectedNow,
  select,
  channel,
  names,
}: {
  current: QcRequest;
  /** Asked for only by the team, of a pending request. */
  enabled: boolean;
  locked: boolean;
  draft: ReviewDraft;
  updateDraft: Update;
  selected: number;
  selectedNow: () => number;
  select: (index: number) => void;
  channel: RegionChannel;
  names: ReadonlyMap<string, string>;
}) {
  const items = current.checklistItems;
  const query = useQuery({ ...checkQueries.result(current.id), enabled });
  const verdicts = useMemo(() => (query.data ? verdictsOf(query.data) : NO_VERDICTS), [query.data]);
  const state: MachineState = !enabled
    ? 'off'
    : query.data
      ? 'ready'
      : query.isError
        ? 'error'
        : 'reading';
  const [said, setSaid] = useState<MachineSaid | null>(null);
  const settings = useQuery({ ...settingsQuery(), staleTime: SETTINGS_STALE_MS, enabled });
  const binding = settings.data?.processes.find(
    (process) => process.processName === current.processName,
  )?.checks;
  const expected = useMemo(() => expectedChecks(items, binding), [items, binding]);

  // Drawn again only when what is drawn changes: typing a note renders nothing over the page.
  const own = JSON.stringify(items.map((item) => regionsOf(draft.items[item.id])));
  const selectedId = items[selected]?.id;
  const regions = useMemo(() => {
    const ownRegions = JSON.parse(own) as Region[][];
    const byId = new Map(items.map((item, index) => [item.id, ownRegions[index] ?? []]));
    return machineRegions(items, verdicts, (id) => byId.get(id) ?? [], selectedId);
  }, [items, verdicts, own, selectedId]);

  /** Brings the item's first region into view on the page, once the preview draws it. */
  const reveal = useCallback(
    (index: number) => {
      const item = items[index];
      const checked = item && verdictFor(verdicts, item.id);
      if (!item || !checked?.regions.length) return;
      const keys = [
        ...checked.regions.map((_, i) => machineKey(item.id, i)),
        regionKey(item.id, 0),
      ];
      afterRender(() => {
        const shown = channel.get()?.regions ?? [];
        const key = keys.find((k) => shown.some((region) => region.key === k));
        if (key && documentInView()) channel.reveal(key, { focus: false });
      });
    },
    [items, verdicts, channel],
  );

  const unavailable = useCallback((): string | null => {
    if (state === 'reading') return 'The machine is still reading this document.';
    if (state !== 'ready') return "The machine's read is not available: decide the items yourself.";
    return null;
  }, [state]);

  const takeItem = useCallback(
    (index: number) => {
      const item = items[index];
      if (!item || locked) return;
      const why = unavailable();
      if (why) return setSaid({ itemId: item.id, text: why });
      const checked = verdictFor(verdicts, item.id);
      if (!checked) {
        const text = `The machine has no verdict on ${quoted(item.displayName)}: decide it yourself.`;
        return setSaid({ itemId: item.id, text });
      }
      let taken = 'unsure' as Taken;
      const after = updateDraft((d) => {
        const done = takeVerdict(d, item.id, checked);
        taken = done.taken;
        return done.draft;
      });
      const words: Record<Taken, string> = {
        approved: `Passed ${quoted(item.displayName)} as the machine did.`,
        rejected: `Failed ${quoted(item.displayName)} with the machine's note and regions; edit them if need be.`,
        unsure: `The machine is unsure of ${quoted(item.displayName)} (${checked.reason}): a person must look.`,
      };
      setSaid({ itemId: item.id, text: words[taken] });
      // A pass moves on, as Space does; a finding stays, to be read over.
      if (taken === 'approved') {
        const next = nextToLook(items, after, verdicts);
        if (next >= 0 && next !== index) {
          select(next);
          reveal(next);
        }
      }
    },
    [items, locked, unavailable, verdicts, updateDraft, select, reveal],
  );

  const takeAll = useCallback(() => {
    if (locked) return;
    const why = unavailable();
    if (why) return setSaid({ itemId: null, text: why });
    let count = 0;
    const after = updateDraft((d) => {
      const done = takePasses(d, items, verdicts);
      count = done.count;
      return done.draft;
    });
    const took = count === 1 ? "Took the machine's 1 pass." : `Took the machine's ${count} passes.`;
    const next = nextToLook(items, after, verdicts);
    const item = items[next];
    if (item) {
      const what = verdictFor(verdicts, item.id)?.verdict;
      const why =
        what === 'fail' ? 'it fails' : what === 'unsure' ? 'it is unsure' : 'it has no verdict';
      setSaid({ itemId: null, text: `${took} Next: ${quoted(item.displayName)}, ${why}.` });
      select(next);
      reveal(next);
      return;
    }
    setSaid({ itemId: null, text: `${took} Every item is decided: press a to approve.` });
    // The decision bar, so the next key (a, or Enter) approves.
    afterRender(() =>
      document.querySelector<HTMLButtonElement>('.review__actions .button--approve')?.focus(),
    );
  }, [locked, unavailable, updateDraft, items, verdicts, select, reveal]);

  const take = useCallback(
    (itemId: string) => takeItem(items.findIndex((item) => item.id === itemId)),
    [items, takeItem],
  );
  const view: MachineView = useMemo(
    () => ({
      state,
      verdicts,
      expected,
      said,
      regions,
      requestId: current.id,
      url: current.fileUrl,
      channel,
      names,
      take,
    }),
    [state, verdicts, expected, said, regions, current.id, current.fileUrl, channel, names, take],
  );
  const keys = useMemo(
    () => ({ take: () => takeItem(selectedNow()), takeAll }),
    [takeItem, selectedNow, takeAll],
  );
  return { view, regions, keys, reveal };
}
