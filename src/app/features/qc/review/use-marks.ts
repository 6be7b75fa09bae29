import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Region, Severity } from '../../../../contract/findings.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import type {
  RegionChannel,
  RegionOverlay,
  ShownRegion,
} from '../../../pdf/regions/region-channel.ts';
import type { PageBox } from '../../../pdf/regions/region-geometry.ts';
import type { ReviewDraft } from './draft.ts';
import type { MarkActions } from './finding-marks.tsx';
import { machineItemOf } from './machine.ts';
import {
  fullReason,
  parseRegionKey,
  regionKey,
  regionLabel,
  regionsOf,
  withRegion,
  withRegionChanged,
} from './marks.ts';

type Update = (change: (draft: ReviewDraft) => ReviewDraft) => ReviewDraft;

interface Marking {
  itemId: string;
  /** Entered with `m`: the banner's whole-page control takes the focus. */
  keyboard: boolean;
}

/** After the render a change causes: the element it brings is there to focus. */
const afterRender = (run: () => void) => requestAnimationFrame(() => requestAnimationFrame(run));
const focusOn = (selector: string) =>
  document.querySelector<HTMLElement>(selector)?.focus({ preventScroll: false });

/**
 * Marking failed items on the page (ADR 029), for one review: which item is being marked,
 * the regions drawn over the document (told to the preview through `channel`), what the
 * checklist's findings do, and the `m` key. Only a failed item has marks, so a review
 * approved has nothing here to do: the channel is told "nothing" once, which it already has.
 */
export function useMarks({
  current,
  draft,
  updateDraft,
  latestDraft,
  locked,
  channel,
  selected,
  select,
  machine,
}: {
  current: QcRequest;
  draft: ReviewDraft;
  updateDraft: Update;
  /** The draft ahead of rendering (draft.ts): `f` then `m` before a render marks the item. */
  latestDraft: () => ReviewDraft;
  locked: boolean;
  channel: RegionChannel;
  /** The selected checklist item's index, as the keys have it now. */
  selected: () => number;
  select: (index: number) => void;
  /** The machine's regions (use-machine-review.ts), drawn beneath the reviewer's. */
  machine: readonly ShownRegion[];
}) {
  const items = current.checklistItems;
  const [marking, setMarking] = useState<Marking | null>(null);
  // Marking lasts while its item is failed and the review open.
  const active =
    marking && !locked && draft.items[marking.itemId]?.status === 'rejected' ? marking : null;

  const stop = useCallback(() => {
    setMarking(null);
    if (marking) afterRender(() => focusOn(`[data-mark-for="${CSS.escape(marking.itemId)}"]`));
  }, [marking]);

  const toggle = useCallback(
    (itemId: string, keyboard: boolean) => {
      if (active?.itemId === itemId) return stop();
      setMarking({ itemId, keyboard });
      // On a phone the document is above the checklist: bring it up to draw on.
      const documentArea = document.querySelector('.review__document');
      const seen = documentArea?.getBoundingClientRect();
      if (!keyboard && seen && seen.bottom < 120) {
        documentArea?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      }
    },
    [active?.itemId, stop],
  );

  // The regions as the preview draws them: the same array while nothing drawn changes (its
  // key is their JSON), so typing a note renders nothing over the document.
  const signature = JSON.stringify(items.map((item) => regionsOf(draft.items[item.id])));
  const shown = useMemo(() => {
    const marked = JSON.parse(signature) as Region[][];
    const own = items.flatMap((item, number) =>
      (marked[number] ?? []).map((region, index): ShownRegion => ({
        key: regionKey(item.id, index),
        region,
        label: regionLabel(index, region, item.displayName),
        tag: String(number + 1),
        editable: !locked,
      })),
    );
    return machine.length > 0 ? [...machine, ...own] : own;
  }, [signature, items, locked, machine]);

  const markingIndex = active ? items.findIndex((item) => item.id === active.itemId) : -1;
  const full = active ? fullReason(draft, active.itemId) : undefined;
  const onRemove = useCallback(
    (key: string) => {
      const at = parseRegionKey(key);
      const after = updateDraft((d) => withRegionChanged(d, key, null));
      if (!at) return;
      // The focus goes to the item's next region, or back to the item.
      const left = regionsOf(after.items[at.itemId]).length;
      const next = regionKey(at.itemId, Math.min(at.index, left - 1));
      afterRender(() =>
        left > 0
          ? focusOn(`[data-region-key="${CSS.escape(next)}"] .region__box`)
          : focusOn(`[data-mark-for="${CSS.escape(at.itemId)}"]`),
      );
    },
    [updateDraft],
  );
  const onActivate = useCallback(
    (key: string) => {
      const itemId = machineItemOf(key) ?? parseRegionKey(key)?.itemId;
      const index = itemId ? items.findIndex((item) => item.id === itemId) : -1;
      if (index < 0) return;
      select(index);
      afterRender(() => focusOn(`[data-region-link="${CSS.escape(key)}"]`));
    },
    [items, select],
  );
  const overlay = useMemo((): RegionOverlay | null => {
    if (shown.length === 0 && !active) return null;
    const item = items[markingIndex];
    return {
      url: current.fileUrl,
      regions: shown,
      boxes: draft.pages,
      marking:
        active && item
          ? { label: `${markingIndex + 1} · ${item.displayName}`, full, keyboard: active.keyboard }
          : null,
      onDraw: (region: Region, box: PageBox) => {
        if (active) updateDraft((d) => withRegion(d, active.itemId, region, box));
      },
      onChange: (key, region) => updateDraft((d) => withRegionChanged(d, key, region)),
      onRemove,
      onActivate,
      onStop: stop,
    };
  }, [
    shown,
    draft.pages,
    active,
    markingIndex,
    full,
    current.fileUrl,
    items,
    updateDraft,
    onRemove,
    onActivate,
    stop,
  ]);

  useEffect(() => channel.set(overlay), [channel, overlay]);

  const onSeverity = useCallback(
    (itemId: string, severity: Severity | undefined) =>
      updateDraft((d) => {
        const entry = d.items[itemId];
        if (!entry) return d;
        const raised = { ...entry, severity };
        if (!severity) delete raised.severity;
        return { ...d, items: { ...d.items, [itemId]: raised } };
      }),
    [updateDraft],
  );
  const onMark = useCallback((itemId: string) => toggle(itemId, false), [toggle]);
  const actions: MarkActions = useMemo(
    () => ({
      processName: current.processName,
      marking: active?.itemId ?? null,
      onMark,
      onSeverity,
      onReveal: channel.reveal,
    }),
    [current.processName, active?.itemId, onMark, onSeverity, channel],
  );

  /** The `m` key: marks the selected item on the page, if it is failed (again: stops). */
  const markKey = useCallback(() => {
    const item = items[selected()];
    if (!item || locked) return;
    if (active) return stop();
    if (latestDraft().items[item.id]?.status === 'rejected') toggle(item.id, true);
  }, [items, selected, locked, active, stop, latestDraft, toggle]);

  return { actions, markKey };
}
