// pdf.js first: pdf_viewer.mjs reads the library from globalThis.pdfjsLib, which pdf.mjs sets
// when it is evaluated, so this import must come before the viewer's.
import {
  AnnotationEditorType,
  AnnotationMode,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
} from 'pdfjs-dist';
import {
  EventBus,
  FindState,
  LinkTarget,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
} from 'pdfjs-dist/web/pdf_viewer.mjs';
import type { PDFViewerOptions } from 'pdfjs-dist/types/web/pdf_viewer.js';
import { takePreparedPdf } from './pdf-documents.ts';
import { closePdf, closeShownPdf, openPdf, viewerSettling } from './pdf-open.ts';
import {
  FIT_WIDTH,
  followFitWidth,
  onceLaidOut,
  signalPainted,
  viewerControls,
  type PdfControls,
} from './pdf-controls.ts';
import { sharedPdfWorker } from './pdf-worker.ts';
import { pageSlots, type PageSlots } from './page-slots.ts';

export type PdfStatus = 'loading' | 'ready' | 'error';

export interface FindResult {
  pending: boolean;
  notFound: boolean;
  current: number;
  total: number;
}

export interface PdfViewState {
  status: PdfStatus;
  error?: unknown;
  page: number;
  pages: number;
  scale: number;
  fitWidth: boolean;
  find: FindResult;
}

export const LOADING: PdfViewState = {
  status: 'loading',
  page: 1,
  pages: 0,
  scale: 1,
  fitWidth: true,
  find: { pending: false, notFound: false, current: 0, total: 0 },
};

/** One pdf.js viewer over one document, with its own scrolling element. */
export interface PdfView {
  url: string;
  /** The scrolling element pdf.js draws into: whoever shows the view puts it in the page. */
  scroller: HTMLDivElement;
  controls: PdfControls;
  /** Its pages' elements and boxes, for what is drawn over them (regions/). */
  pages: PageSlots;
  state(): PdfViewState;
  /** Calls `listener` on every change of `state()`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Once the first page is painted (at once if it is already); returns the unsubscribe. */
  whenPainted(listener: () => void): () => void;
  /**
   * Stops watching its size, before it leaves the page: a removed container measures 0 high,
   * which pdf.js would write onto the root element's style (`--viewer-container-height`), and
   * the whole document would be restyled in the frame that shows the next one.
   */
  detach(): void;
  /** Stops its observers and render tasks, and closes the document. */
  destroy(): void;
}

/**
 * Builds pdf.js's own PDFViewer over `url` in a scrolling element of its own, outside React,
 * so the next review's document can be drawn ahead, off screen, and moved in whole
 * (pdf-standby.ts). Listeners end through one AbortSignal, render tasks through
 * `setDocument(null)`, and the document through `await loadingTask.destroy()`.
 */
export function createPdfView(url: string): PdfView {
  const scroller = document.createElement('div');
  scroller.className = 'pdf-preview__scroller';
  scroller.tabIndex = 0;
  scroller.setAttribute('role', 'region');
  const pages = document.createElement('div');
  pages.className = 'pdfViewer';
  scroller.append(pages);

  let state = LOADING;
  const listeners = new Set<() => void>();
  const update = (patch: (s: PdfViewState) => Partial<PdfViewState>) => {
    state = { ...state, ...patch(state) };
    for (const listener of listeners) listener();
  };
  let painted = false;
  const paintListeners = new Set<() => void>();

  const abort = new AbortController();
  const { signal } = abort;
  const opts = { signal };
  // The observers of its size (PDFViewer's and fit-to-width's) end earlier: detach().
  const watching = new AbortController();
  signal.addEventListener('abort', () => watching.abort(), { once: true });
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({
    eventBus,
    externalLinkTarget: LinkTarget.BLANK,
    externalLinkRel: 'noopener noreferrer nofollow',
  });
  const findController = new PDFFindController({ eventBus, linkService });
  // `abortSignal` is read by PDFViewer (it stops its observers) but missing from its typedef.
  const options: PDFViewerOptions & { abortSignal: AbortSignal } = {
    container: scroller,
    viewer: pages,
    eventBus,
    linkService,
    findController,
    // Read-only: links and appearance streams, no form widgets, no editors, no scripting.
    annotationMode: AnnotationMode.ENABLE,
    annotationEditorMode: AnnotationEditorType.DISABLE,
    // The document's own links stay; no links made up from text that looks like a URL
    // (that pass re-measures the page's text after it is drawn).
    enableAutoLinking: false,
    abortSignal: watching.signal,
  };
  const viewer = new PDFViewer(options);
  const settled = viewerSettling(eventBus);
  linkService.setViewer(viewer);
  // Setting the zoom scrolls, which a view detached from the page cannot (pdf.js logs it).
  const inPage = { signal: watching.signal };
  eventBus.on('pagesinit', () => (viewer.currentScaleValue = FIT_WIDTH), inPage);
  const controls = viewerControls(
    viewer,
    eventBus,
    () => update(() => ({ find: LOADING.find })),
    // After fit-to-width: a region to show as the document opens is shown at that zoom.
    onceLaidOut(eventBus, watching.signal),
  );
  signalPainted(eventBus, signal, () => {
    painted = true;
    for (const listener of paintListeners) listener();
    paintListeners.clear();
  });
  eventBus.on(
    'pagechanging',
    ({ pageNumber }: { pageNumber: number }) => update(() => ({ page: pageNumber })),
    opts,
  );
  eventBus.on(
    'scalechanging',
    ({ scale, presetValue }: { scale: number; presetValue?: string }) =>
      update(() => ({ scale, fitWidth: presetValue === FIT_WIDTH })),
    opts,
  );
  type Matches = { matchesCount: { current: number; total: number } };
  eventBus.on(
    'updatefindmatchescount',
    ({ matchesCount }: Matches) => update(({ find }) => ({ find: { ...find, ...matchesCount } })),
    opts,
  );
  eventBus.on(
    'updatefindcontrolstate',
    ({ matchesCount, state }: Matches & { state: number }) =>
      update(() => ({
        find: {
          pending: state === FindState.PENDING,
          notFound: state === FindState.NOT_FOUND,
          ...matchesCount,
        },
      })),
    opts,
  );
  followFitWidth(viewer, scroller, watching.signal);
  const slots = pageSlots(viewer, eventBus, signal);
  const { failed } = sharedPdfWorker();
  let task: PDFDocumentLoadingTask | undefined;
  /** Given to the viewer: its closing waits for what the viewer asked of it. */
  let shown: PDFDocumentProxy | undefined;
  const show = (pdf: PDFDocumentProxy) => {
    shown = pdf;
    viewer.setDocument(pdf);
    linkService.setDocument(pdf);
    update(() => ({ status: 'ready', pages: pdf.numPages }));
  };
  const open = async () => {
    // Opened ahead (pdf-documents.ts): most often already parsed, its first page warm.
    const prepared = takePreparedPdf(url);
    if (prepared) {
      task = prepared;
      const pdf = await Promise.race([prepared.promise, failed]).catch(() => undefined);
      if (signal.aborted) return;
      if (pdf) return show(pdf);
      // It failed ahead of time (an expired link, say): one fresh try, whose error shows.
      void closePdf(prepared);
    }
    task = openPdf(url);
    const pdf = await Promise.race([task.promise, failed]);
    if (signal.aborted) return;
    show(pdf);
  };
  open().catch((error: unknown) => {
    if (!signal.aborted) update(() => ({ status: 'error', error }));
  });

  return {
    url,
    scroller,
    controls,
    pages: slots,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenPainted(listener) {
      if (painted) {
        listener();
        return () => {};
      }
      paintListeners.add(listener);
      return () => paintListeners.delete(listener);
    },
    detach() {
      watching.abort();
    },
    destroy() {
      if (signal.aborted) return;
      abort.abort();
      listeners.clear();
      paintListeners.clear();
      scroller.remove();
      void settled().then(() => {
        // Cancels every render task and empties the viewer element before the document goes.
        viewer.setDocument(null);
        linkService.setDocument(null);
        // The default localization watches the container with a MutationObserver.
        void viewer.l10n?.destroy();
        if (task) void (shown ? closeShownPdf(task, shown) : closePdf(task));
      });
    },
  };
}
