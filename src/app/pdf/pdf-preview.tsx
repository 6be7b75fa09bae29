import {
  Component,
  useRef,
  useState,
  type ErrorInfo,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import 'pdfjs-dist/web/pdf_viewer.css';
import { Loading } from '../ui/states.tsx';
import { useServedFirstPage } from './use-served-first-page.ts';
import { FirstPageImage } from './first-page-image.tsx';
import { PdfFailure } from './pdf-failure.tsx';
import { ImageRegions } from './regions/image-regions.tsx';
import type { RegionChannel } from './regions/region-channel.ts';
import { RegionLayers } from './regions/region-layers.tsx';
import { PdfToolbar } from './pdf-toolbar.tsx';
import { usePdfViewer } from './use-pdf-viewer.ts';
import './pdf-preview.css';

// This module pulls in pdf.js: import it only from lazily loaded routes, so it stays out of
// the entry chunk (speed target: entry JavaScript under 150 KB gzip, pdf.js absent from it).

export interface PdfPreviewProps {
  /** The PDF's (presigned) URL; a document opened ahead (pdf-documents.ts) is used when there is one. */
  url: string;
  /** What the document is, for the viewer's accessible name. */
  title: string;
  /** File name offered by the download link when the preview fails. */
  downloadName?: string;
  /** Once per document, when its first page is on screen (canvas and text layer). */
  onPainted?: (url: string) => void;
  /** Regions drawn over the pages, and marking (regions/region-channel.ts). */
  regions?: RegionChannel | undefined;
}

interface BoundaryProps {
  url: string;
  downloadName?: string;
  children: ReactNode;
}

interface BoundaryState {
  url: string | null;
  error: unknown;
}

/**
 * Keeps a crash in the preview inside the preview: the reviewer gets the file as a download
 * and the panels beside it (the checklist) keep working. A new URL tries again.
 */
export class PdfErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { url: null, error: null };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.url === state.url ? null : { url: props.url, error: null };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('The PDF preview failed.') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('PDF preview failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="pdf-preview" data-pdf-state="error">
        <PdfFailure error={error} url={this.props.url} downloadName={this.props.downloadName} />
      </div>
    );
  }
}

function Preview({ url, title, downloadName, onPainted, regions }: PdfPreviewProps) {
  const host = useRef<HTMLDivElement>(null);
  const findInput = useRef<HTMLInputElement>(null);
  // The page came with this document's first page drawn (ADR 025): shown until pdf.js
  // has drawn its own.
  const [painted, setPainted] = useState<string>();
  const standIn = useServedFirstPage(url);
  const firstPage = painted === url ? undefined : standIn;
  const { view, controls, scroller, pdf } = usePdfViewer(url, host, `${title} (PDF)`, (shown) => {
    setPainted(shown);
    onPainted?.(shown);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The browser's own find cannot see pdf.js's lazily built text layers; ours can.
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      findInput.current?.focus();
      findInput.current?.select();
    }
  };

  return (
    <div className="pdf-preview" data-pdf-state={view.status} onKeyDown={onKeyDown}>
      {view.status !== 'error' && (
        <PdfToolbar
          key={url}
          view={view}
          controls={controls}
          findInput={findInput}
          onEscape={() => scroller?.focus()}
        />
      )}
      <div className="pdf-preview__area">
        {/* The document's layer (`.pdf-preview__stage`, around pdf.js's scrolling element,
            pdf-view.ts) goes in here, made outside React: the next document is drawn ahead
            in a hidden layer beside it, and shown by turning that layer visible. */}
        <div ref={host} className="pdf-preview__host" />
        {firstPage && view.status !== 'error' && <FirstPageImage src={firstPage} forUrl={url} />}
        {firstPage && view.status !== 'error' && regions && (
          <ImageRegions channel={regions} url={url} box={pdf?.pages.box(1)} />
        )}
        {regions && view.status !== 'error' && <RegionLayers view={pdf} channel={regions} />}
        {view.status === 'loading' && !firstPage && (
          <div className="pdf-preview__overlay">
            <Loading label="Opening the PDF…" />
          </div>
        )}
        {view.status === 'error' && (
          <PdfFailure error={view.error} url={url} downloadName={downloadName} />
        )}
      </div>
    </div>
  );
}

/** The PDF preview, over pdf.js's own viewer, inside its own error boundary. */
export function PdfPreview(props: PdfPreviewProps) {
  return (
    <PdfErrorBoundary url={props.url} downloadName={props.downloadName}>
      <Preview {...props} />
    </PdfErrorBoundary>
  );
}

export default PdfPreview;
