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
import { useEffect, useRef, useState, type RefObject } from 'react';
import { takePreparedPdf } from './pdf-documents.ts';
import { closePdf, openPdf } from './pdf-open.ts';
import {
  FIT_WIDTH,
  followFitWidth,
  signalPainted,
  viewerControls,
  type PdfControls,
} from './pdf-controls.ts';
import { sharedPdfWorker } from './pdf-worker.ts';

export type PdfStatus = 'loading' | 'ready' | 'error';

export interface FindResult {
  pending: boolean;
  notFound: boolean;
  current: number;
  total: number;
}

export interface PdfView {
  status: PdfStatus;
  error?: unknown;
  page: number;
  pages: number;
  scale: number;
  fitWidth: boolean;
  find: FindResult;
}

const INITIAL: Omit<PdfView, 'status'> = {
  page: 1,
  pages: 0,
  scale: 1,
  fitWidth: true,
  find: { pending: false, notFound: false, current: 0, total: 0 },
};

/**
 * Opens `url` in pdf.js's own PDFViewer inside `container` (which holds the `.pdfViewer`
 * element), and tears everything down again when the URL changes or the component leaves:
 * listeners through one AbortSignal, render tasks through `setDocument(null)`, and the
 * document through `await loadingTask.destroy()`.
 */
export function usePdfViewer(
  url: string,
  container: RefObject<HTMLDivElement | null>,
  onPainted?: () => void,
) {
  const [snapshot, setSnapshot] = useState<PdfView & { url: string }>({
    url,
    status: 'loading',
    ...INITIAL,
  });
  const current = useRef<PdfControls | null>(null);
  const painted = useRef(onPainted);
  useEffect(() => {
    painted.current = onPainted;
  });
  const view: PdfView = snapshot.url === url ? snapshot : { status: 'loading', ...INITIAL };

  useEffect(() => {
    const scroller = container.current;
    const pages = scroller?.firstElementChild;
    if (!scroller || !(pages instanceof HTMLDivElement)) return;
    const update = (patch: (view: PdfView) => Partial<PdfView>) =>
      setSnapshot((s) => {
        const base = s.url === url ? s : { url, status: 'loading' as const, ...INITIAL };
        return { ...base, ...patch(base) };
      });

    const abort = new AbortController();
    const { signal } = abort;
    const opts = { signal };
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
      abortSignal: signal,
    };
    const viewer = new PDFViewer(options);
    linkService.setViewer(viewer);
    current.current = viewerControls(viewer, eventBus, () =>
      update(() => ({ find: INITIAL.find })),
    );

    signalPainted(eventBus, signal, () => painted.current?.());
    eventBus.on('pagesinit', () => (viewer.currentScaleValue = FIT_WIDTH), opts);
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

    followFitWidth(viewer, scroller, signal);

    const { failed } = sharedPdfWorker();
    let task: PDFDocumentLoadingTask | undefined;
    const show = (pdf: PDFDocumentProxy) => {
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

    return () => {
      abort.abort();
      current.current = null;
      // Cancels every render task and empties the viewer element before the document goes.
      viewer.setDocument(null);
      linkService.setDocument(null);
      // The default localization watches the container with a MutationObserver.
      void viewer.l10n?.destroy();
      if (task) void closePdf(task);
    };
  }, [url, container]);

  // Stable delegates: the toolbar renders before the viewer exists, and after it is gone.
  const controls: PdfControls = {
    previous: () => current.current?.previous(),
    next: () => current.current?.next(),
    goTo: (page) => current.current?.goTo(page),
    zoomIn: () => current.current?.zoomIn(),
    zoomOut: () => current.current?.zoomOut(),
    fitWidth: () => current.current?.fitWidth(),
    find: (query, options) => current.current?.find(query, options),
  };
  return { view, controls };
}
