import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { PdfView } from '../pdf-view.ts';
import { pageLayers, REGIONS_MEASURE, type PageLayerMap, type PageLayers } from './page-layers.ts';

const NONE: PageLayerMap = new Map();
const nothing = () => () => {};

/** The layers of the view on screen: made in a layout effect, so held outside React's state. */
function holder() {
  let layers: PageLayers | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => layers,
    set(next: PageLayers | null) {
      layers = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Layers in the pages of `view` that `wanted` names (page-layers.ts), with each page's box
 * once pdf.js has read it: what the overlay portals its regions into. The layers go with
 * the view.
 */
export function usePageLayers(view: PdfView | null, wanted: ReadonlySet<number>): PageLayerMap {
  const [held] = useState(holder);
  // Made only while some page has something over it: approve and next, from a document with
  // no regions to the next, makes and tells nothing.
  const needed = Boolean(view) && wanted.size > 0;

  useLayoutEffect(() => {
    if (!view || !needed) return undefined;
    const made = pageLayers(view.pages);
    held.set(made);
    return () => {
      made.destroy();
      held.set(null);
    };
  }, [view, needed, held]);

  const current = useSyncExternalStore(held.subscribe, held.get);
  useLayoutEffect(() => current?.want(wanted), [current, wanted]);

  const map = useSyncExternalStore(
    current?.subscribe ?? nothing,
    current?.snapshot ?? (() => NONE),
  );

  // The overlay's render, from the change that asked for it to this commit: with the layers'
  // own work (page-layers.ts), what the bench counts as the overlay's cost.
  useEffect(() => {
    const start = current?.takeToldAt();
    if (start !== undefined) performance.measure(REGIONS_MEASURE, { start });
  }, [current, map]);

  return map;
}
