import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { EventBus, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import 'pdfjs-dist/web/pdf_viewer.css';
import { StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';

// The bare React + pdf.js baseline of `npm run bench` (ADR 031): one document, /doc.pdf (the review's own, copied by the bench), in pdf.js's
// own PDFViewer with its text layer, fit to width, nothing else. A review's pdf.js page is
// measured against its first page painted, text and all, in the same run.

GlobalWorkerOptions.workerSrc = workerUrl;

function Document() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const scroller = container.current;
    if (!scroller) return;
    const eventBus = new EventBus();
    const viewer = new PDFViewer({
      container: scroller,
      viewer: scroller.firstElementChild as HTMLDivElement,
      eventBus,
    });
    // Painted when both the canvas and the text layer are: what the console's pages mark.
    const done = new Map<number, number>();
    const mark = (pageNumber: number, bit: number, div?: HTMLElement) => {
      const bits = (done.get(pageNumber) ?? 0) | bit;
      done.set(pageNumber, bits);
      if (bits === 3 && div) div.dataset.painted = 'true';
    };
    eventBus.on('pagesinit', () => (viewer.currentScaleValue = 'page-width'));
    eventBus.on('pagerendered', (e: { pageNumber: number; source: { div: HTMLElement } }) =>
      mark(e.pageNumber, 1, e.source.div),
    );
    eventBus.on('textlayerrendered', (e: { pageNumber: number; source: { div: HTMLElement } }) =>
      mark(e.pageNumber, 2, e.source.div),
    );
    const task = getDocument({ url: '/doc.pdf' });
    void task.promise.then((pdf) => viewer.setDocument(pdf));
    return () => void task.destroy();
  }, []);
  return (
    <div className="pdf-preview__stage" style={{ position: 'relative', height: '100vh' }}>
      <div ref={container} style={{ position: 'absolute', inset: 0, overflow: 'auto' }}>
        <div className="pdfViewer" />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Document />
  </StrictMode>,
);
