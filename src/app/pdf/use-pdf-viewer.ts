import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import type { PdfControls } from './pdf-controls.ts';
import { afterNextPaint } from '../ui/next-paint.ts';
import { rememberPreviewSize, standbyBeside, takeStandby } from './pdf-standby.ts';
import { createPdfView, LOADING, type PdfView } from './pdf-view.ts';

/** Which view a preview shows: set outside React's render (it is made in a layout effect). */
function viewSlot() {
  let view: PdfView | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => view,
    set(next: PdfView | null) {
      view = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const NONE = () => () => {};

/** The layer a document is shown in (`.pdf-preview__stage`), inside the preview's host. */
function showIn(element: HTMLElement, view: PdfView): HTMLElement {
  const drawnIn = view.scroller.parentElement;
  if (drawnIn?.parentElement === element) {
    // Drawn ahead in a hidden layer beside this one (pdf-standby.ts): shown where it is, so
    // nothing moves and nothing is laid out again. Out of the tab order until that frame is
    // painted: lifting `inert` restyles the whole layer.
    drawnIn.className = 'pdf-preview__stage';
    drawnIn.removeAttribute('aria-hidden');
    afterNextPaint(() => (drawnIn.inert = false), 1_000);
    return drawnIn;
  }
  const layer = document.createElement('div');
  layer.className = 'pdf-preview__stage';
  layer.append(view.scroller);
  element.append(layer);
  return layer;
}

/**
 * Shows `url` in pdf.js's own PDFViewer inside `host`: the one drawn ahead for it when there
 * is one (pdf-standby.ts), else a new one. It goes when the URL changes or the component
 * leaves. `label` names the scrolling region for assistive technology.
 */
export function usePdfViewer(
  url: string,
  host: RefObject<HTMLDivElement | null>,
  label: string,
  onPainted?: (url: string) => void,
) {
  const [slot] = useState(viewSlot);
  const painted = useRef(onPainted);
  useEffect(() => {
    painted.current = onPainted;
  });

  // The next document is drawn ahead beside this preview while it is on the page.
  useLayoutEffect(() => {
    const element = host.current;
    return element ? standbyBeside(element) : undefined;
  }, [host]);

  // Before the frame is painted: a document drawn ahead goes on screen in this commit's frame.
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const shown = takeStandby(url) ?? createPdfView(url);
    const layer = showIn(element, shown);
    slot.set(shown);
    const stopPainted = shown.whenPainted(() => painted.current?.(shown.url));
    // The next document is drawn ahead at this size.
    const observer = new ResizeObserver(() =>
      rememberPreviewSize(shown.scroller.clientWidth, shown.scroller.clientHeight),
    );
    observer.observe(shown.scroller);
    return () => {
      observer.disconnect();
      stopPainted();
      // Off the page at once; torn down after the next frame, which shows what replaces it.
      shown.detach();
      layer.remove();
      afterNextPaint(() => shown.destroy(), 1_000);
      slot.set(null);
    };
  }, [url, host, slot]);

  const view = useSyncExternalStore(slot.subscribe, slot.get);
  const current = view?.url === url ? view : null;
  const state = useSyncExternalStore(current?.subscribe ?? NONE, () => current?.state() ?? LOADING);

  // The region's name and state, kept on the element pdf.js scrolls (made outside React).
  useLayoutEffect(() => {
    if (!current) return;
    current.scroller.setAttribute('aria-label', label);
    current.scroller.setAttribute('aria-busy', String(state.status === 'loading'));
    current.scroller.toggleAttribute('hidden', state.status === 'error');
  }, [current, label, state.status]);

  // Stable delegates: the toolbar renders before the viewer exists, and after it is gone.
  const live = useRef(current);
  useEffect(() => {
    live.current = current;
  });
  const controls: PdfControls = {
    previous: () => live.current?.controls.previous(),
    next: () => live.current?.controls.next(),
    goTo: (page) => live.current?.controls.goTo(page),
    showArea: (page, area) => live.current?.controls.showArea(page, area),
    zoomIn: () => live.current?.controls.zoomIn(),
    zoomOut: () => live.current?.controls.zoomOut(),
    fitWidth: () => live.current?.controls.fitWidth(),
    find: (query, options) => live.current?.controls.find(query, options),
  };
  return { view: state, controls, scroller: current?.scroller ?? null, pdf: current };
}
