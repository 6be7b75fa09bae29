import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import type { PdfControls } from './pdf-controls.ts';
import { afterFrame, rememberPreviewSize, takeStandby } from './pdf-standby.ts';
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

/**
 * Shows `url` in pdf.js's own PDFViewer inside `host`: the one drawn ahead for it when there
 * is one (pdf-standby.ts), else a new one. It goes when the URL changes or the component
 * leaves. `label` names the scrolling region for assistive technology.
 */
export function usePdfViewer(
  url: string,
  host: RefObject<HTMLDivElement | null>,
  label: string,
  onPainted?: () => void,
) {
  const [slot] = useState(viewSlot);
  const painted = useRef(onPainted);
  useEffect(() => {
    painted.current = onPainted;
  });

  // Before the frame is painted: a document drawn ahead goes on screen in this commit's frame.
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const shown = takeStandby(url) ?? createPdfView(url);
    element.append(shown.scroller);
    slot.set(shown);
    const stopPainted = shown.whenPainted(() => painted.current?.());
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
      shown.scroller.remove();
      afterFrame(() => shown.destroy());
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
    zoomIn: () => live.current?.controls.zoomIn(),
    zoomOut: () => live.current?.controls.zoomOut(),
    fitWidth: () => live.current?.controls.fitWidth(),
    find: (query, options) => live.current?.controls.find(query, options),
  };
  return { view: state, controls, scroller: current?.scroller ?? null };
}
