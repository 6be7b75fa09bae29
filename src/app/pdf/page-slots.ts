import type { EventBus, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { boxOf, type PageBox } from './regions/region-geometry.ts';

/**
 * The pages of one pdf.js viewer, for what is drawn over them (regions/): each page's element
 * (made by pdf.js, the same for the document's life) and its box once pdf.js has read the
 * page, and news of each page pdf.js draws, draws again or turns.
 */
export interface PageSlots {
  /** pdf.js's `.page` element of page `page` (1-based), once the document is set. */
  element(page: number): HTMLDivElement | undefined;
  /** The page's crop box and rotation as shown; undefined until pdf.js has read the page. */
  box(page: number): PageBox | undefined;
  /** Hears of a page (its number) or of every page (null); returns the unsubscribe. */
  subscribe(listener: (page: number | null) => void): () => void;
}

/** What this module reads of pdf.js's PDFPageView, whose typings leave it `any`. */
interface PageView {
  div: HTMLDivElement;
  pdfPage: { view: number[] } | null;
  viewport: { rotation: number };
}

interface PageEvent {
  pageNumber: number;
  isDetailView?: boolean;
}

export function pageSlots(viewer: PDFViewer, eventBus: EventBus, signal: AbortSignal): PageSlots {
  const listeners = new Set<(page: number | null) => void>();
  const view = (page: number) =>
    (viewer.pdfDocument ? viewer.getPageView(page - 1) : undefined) as PageView | undefined;
  const tell = (page: number | null) => {
    for (const listener of listeners) listener(page);
  };
  const each = () => tell(null);
  // A page's first drawing (its box is read by then), each later one (a zoom, or a page
  // evicted from pdf.js's cache and back: pdf.js empties the element first), and its end.
  const one = ({ pageNumber, isDetailView }: PageEvent) => !isDetailView && tell(pageNumber);
  eventBus.on('pagesinit', each, { signal });
  eventBus.on('pagesloaded', each, { signal });
  eventBus.on('rotationchanging', each, { signal });
  eventBus.on('pagerender', one, { signal });
  eventBus.on('pagerendered', one, { signal });
  signal.addEventListener('abort', () => listeners.clear(), { once: true });
  return {
    element: (page) => view(page)?.div,
    box(page) {
      const pageView = view(page);
      if (!pageView?.pdfPage) return undefined;
      return boxOf(pageView.pdfPage.view, pageView.viewport.rotation);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
