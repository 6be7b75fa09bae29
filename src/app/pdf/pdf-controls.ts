import type { EventBus, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';

export const FIT_WIDTH = 'page-width';

/** A place on a page, in PDF points from the top-left corner of its crop box (ADR 029). */
export interface PageArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfControls {
  previous(): void;
  next(): void;
  goTo(page: number): void;
  /**
   * Scrolls `area` of page `page` to the top of the view, at the zoom it has: asked before
   * pdf.js has laid the pages out, as soon as it has.
   */
  showArea(page: number, area: PageArea): void;
  zoomIn(): void;
  zoomOut(): void;
  fitWidth(): void;
  /** Typing starts a new search (pdf.js debounces it); Enter (`again`) goes to the next match. */
  find(query: string, options?: { again?: boolean; previous?: boolean }): void;
}

/** What this module reads of pdf.js's PDFPageView, whose typings leave it `any`. */
interface PageView {
  viewport: { viewBox: number[] };
}

/** Room left above an area shown (points): it reads as a place on the page, not an edge. */
const ABOVE = 48;

/**
 * pdf.js's own destination for `area`: an XYZ point in the page's user space, whose y axis
 * goes up from the bottom of its box (`viewBox`, the crop box, which need not start at 0, 0),
 * a little above the area's top, at the page's left edge. pdf.js turns it with the page's
 * rotation. At the top of the view rather than its middle: the document's panel may reach
 * below the screen, and its top is what the reader sees first.
 */
export function areaDestination(area: PageArea, viewBox: readonly number[]) {
  const [x0 = 0, , , y1 = 0] = viewBox;
  return [null, { name: 'XYZ' }, x0, Math.min(y1, y1 - area.y + ABOVE), null];
}

/**
 * The toolbar's verbs, in terms of pdf.js's viewer and the find controller's events.
 * `whenLaidOut` runs what needs the pages' views: at once once pdf.js has made them.
 */
export function viewerControls(
  viewer: PDFViewer,
  eventBus: EventBus,
  resetFind: () => void,
  whenLaidOut: (run: () => void) => void,
): PdfControls {
  return {
    previous: () => viewer.previousPage(),
    next: () => viewer.nextPage(),
    goTo: (page) => {
      if (!viewer.pdfDocument) return;
      viewer.currentPageNumber = Math.min(Math.max(1, Math.round(page)), viewer.pagesCount);
    },
    showArea: (page, area) =>
      whenLaidOut(() => {
        if (!Number.isInteger(page) || page < 1 || page > viewer.pagesCount) return;
        const { viewport } = viewer.getPageView(page - 1) as PageView;
        // pdf.js's scrolling to a destination, as a link inside the document does; the zoom
        // stays the reader's.
        viewer.scrollPageIntoView({
          pageNumber: page,
          destArray: areaDestination(area, viewport.viewBox),
          ignoreDestinationZoom: true,
        });
        // pdf.js reads where it is on its next frame; a fit-to-width before then (the
        // container's scroll bar coming) would take it back to where it was.
        viewer.update();
      }),
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

/**
 * Runs what needs the pages' views (a region to show as the document opens) once pdf.js has
 * made them (`pagesinit`), at once after that; the latest asked for is the one run.
 */
export function onceLaidOut(eventBus: EventBus, signal: AbortSignal) {
  let laidOut = false;
  let waiting: (() => void) | undefined;
  const laid = () => {
    laidOut = true;
    waiting?.();
    waiting = undefined;
  };
  eventBus.on('pagesinit', laid, { signal });
  return (run: () => void) => (laidOut ? run() : (waiting = run));
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
