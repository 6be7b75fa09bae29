import type { EventBus, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';

export const FIT_WIDTH = 'page-width';

export interface PdfControls {
  previous(): void;
  next(): void;
  goTo(page: number): void;
  zoomIn(): void;
  zoomOut(): void;
  fitWidth(): void;
  /** Typing starts a new search (pdf.js debounces it); Enter (`again`) goes to the next match. */
  find(query: string, options?: { again?: boolean; previous?: boolean }): void;
}

/** The toolbar's verbs, in terms of pdf.js's viewer and the find controller's events. */
export function viewerControls(
  viewer: PDFViewer,
  eventBus: EventBus,
  resetFind: () => void,
): PdfControls {
  return {
    previous: () => viewer.previousPage(),
    next: () => viewer.nextPage(),
    goTo: (page) => {
      if (!viewer.pdfDocument) return;
      viewer.currentPageNumber = Math.min(Math.max(1, Math.round(page)), viewer.pagesCount);
    },
    zoomIn: () => viewer.increaseScale(),
    zoomOut: () => viewer.decreaseScale(),
    fitWidth: () => {
      viewer.currentScaleValue = FIT_WIDTH;
    },
    find: (query, { again = false, previous = false } = {}) => {
      if (!query) {
        eventBus.dispatch('findbarclose', { source: null });
        resetFind();
        return;
      }
      eventBus.dispatch('find', {
        source: null,
        type: again ? 'again' : '',
        query,
        caseSensitive: false,
        entireWord: false,
        highlightAll: true,
        findPrevious: previous,
        matchDiacritics: false,
      });
    },
  };
}

interface PageEvent {
  source: { div?: HTMLDivElement };
  pageNumber: number;
  isDetailView?: boolean;
  error?: unknown;
}

/**
 * The "painted" signal tests and the benchmark wait for: `data-painted="true"` on a page's
 * `.page` element once its canvas is drawn AND its text layer is built; cleared when pdf.js
 * starts drawing that page again (zoom, or a page evicted from its cache and coming back).
 * `onFirst` runs when the first page of the document is painted the first time.
 */
export function signalPainted(eventBus: EventBus, signal: AbortSignal, onFirst?: () => void) {
  let first = true;
  const painted = new Map<number, number>();
  const mark = ({ source, pageNumber, error }: PageEvent, bit: number) => {
    if (error || !source.div) return;
    const bits = (painted.get(pageNumber) ?? 0) | bit;
    painted.set(pageNumber, bits);
    if (bits !== 3) return;
    source.div.dataset.painted = 'true';
    if (first) onFirst?.();
    first = false;
  };
  const start = ({ source, pageNumber }: PageEvent) => {
    painted.set(pageNumber, 0);
    delete source.div?.dataset.painted;
  };
  eventBus.on('pagerender', start, { signal });
  eventBus.on('pagerendered', (e: PageEvent) => !e.isDetailView && mark(e, 1), { signal });
  eventBus.on('textlayerrendered', (e: PageEvent) => mark(e, 2), { signal });
}

/** Fit width follows the container (panel resized, phone turned), as pdf.js's own app does. */
export function followFitWidth(viewer: PDFViewer, container: HTMLElement, signal: AbortSignal) {
  let frame = 0;
  const observer = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (viewer.pdfDocument && viewer.currentScaleValue === FIT_WIDTH) {
        viewer.currentScaleValue = FIT_WIDTH;
      }
    });
  });
  observer.observe(container);
  signal.addEventListener('abort', () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  });
}
