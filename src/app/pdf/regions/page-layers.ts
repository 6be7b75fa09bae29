import type { PageSlots } from '../page-slots.ts';
import type { PageBox } from './region-geometry.ts';

// A layer of our own inside each pdf.js page that has something drawn over it. pdf.js
// empties a page's element whenever it draws the page again (a zoom, a page evicted from its
// cache and back), taking foreign children with it: each layer is put back at once (a
// MutationObserver on the page's element, whose callback runs before the next frame), and
// on pdf.js's own page events. The layer fills the page, and what is in it is placed in
// percentages of the page: a zoom moves nothing.

/** The performance measure of this work, for the bench (bench/regions.ts). */
export const REGIONS_MEASURE = 'attest:regions';

/** A page's layer and its box: what the overlay portals into, once the page is read. */
export interface PageLayer {
  element: HTMLDivElement;
  box: PageBox;
}
export type PageLayerMap = ReadonlyMap<number, PageLayer>;

const EMPTY: PageLayerMap = new Map();

const sameBox = (a: PageBox | undefined, b: PageBox | undefined) =>
  a?.width === b?.width && a?.height === b?.height && a?.rotation === b?.rotation;

/**
 * The layers of the pages `want` names, over `slots`' viewer. `snapshot()` changes (and
 * subscribers hear) only when a wanted page's layer or box does: pdf.js drawing pages as
 * the reviewer scrolls renders nothing.
 */
export function pageLayers(slots: PageSlots) {
  const layers = new Map<number, HTMLDivElement>();
  let snapshot = EMPTY;
  const listeners = new Set<() => void>();
  /** When the last change was told: the overlay measures its render from here. */
  let toldAt: number | undefined;

  const timed = (run: () => void) => {
    if (layers.size === 0) return;
    const start = performance.now();
    run();
    performance.measure(REGIONS_MEASURE, { start });
  };

  const observer = new MutationObserver(() => timed(attachAll));
  function attach(page: number, layer: HTMLDivElement) {
    const div = slots.element(page);
    if (!div) return;
    if (layer.parentElement !== div) div.append(layer);
    // Again for an element observed already: it only renews the options.
    observer.observe(div, { childList: true });
  }
  function attachAll() {
    for (const [page, layer] of layers) attach(page, layer);
  }

  /** A new snapshot when a wanted page's box came, went or changed. */
  function update() {
    let changed = snapshot.size !== layers.size;
    const next = new Map<number, PageLayer>();
    for (const [page, element] of layers) {
      const box = slots.box(page);
      if (!box) {
        changed ||= snapshot.has(page);
        continue;
      }
      const before = snapshot.get(page);
      if (before?.element === element && sameBox(before.box, box)) next.set(page, before);
      else {
        next.set(page, { element, box });
        changed = true;
      }
    }
    if (!changed && next.size === snapshot.size) return;
    snapshot = next;
    toldAt = performance.now();
    for (const listener of listeners) listener();
  }

  const stop = slots.subscribe((page) =>
    timed(() => {
      if (page === null) attachAll();
      else {
        const layer = layers.get(page);
        if (!layer) return;
        attach(page, layer);
      }
      update();
    }),
  );

  return {
    /** Keeps a layer in each of these pages, and in no other. */
    want(pages: ReadonlySet<number>) {
      for (const [page, layer] of layers) {
        if (pages.has(page)) continue;
        layer.remove();
        layers.delete(page);
      }
      for (const page of pages) {
        if (layers.has(page)) continue;
        const layer = document.createElement('div');
        layer.className = 'regions-layer';
        layers.set(page, layer);
      }
      // Observed afresh: the pages left go out of the observer's list.
      observer.disconnect();
      timed(attachAll);
      update();
    },
    snapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** When the last change was told (performance.now()), once: the overlay's render measure starts there. */
    takeToldAt() {
      const at = toldAt;
      toldAt = undefined;
      return at;
    },
    destroy() {
      stop();
      observer.disconnect();
      for (const layer of layers.values()) layer.remove();
      layers.clear();
      listeners.clear();
    },
  };
}

export type PageLayers = ReturnType<typeof pageLayers>;
