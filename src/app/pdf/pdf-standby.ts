import { afterNextPaint } from '../ui/next-paint.ts';
import type { PdfView } from './pdf-view.ts';

// The next review's document, drawn while the reviewer reads the current one: a whole
// pdf.js viewer, its first page painted and its text laid out, in a hidden layer beneath
// the document on screen (or, with no preview on the page, off screen at its size).
// "Approve and next" then shows that layer where it is (speed target: next page painted
// within 50 ms p50, 100 ms p95): one swap and a paint; nothing moves, so nothing is laid
// out again (ADR 024).
// No pdf.js here: the review's screen asks for the next document before pdf.js has come
// (lazy-pdf-preview.tsx). Nothing is drawn ahead until a preview, which brings it, has been on
// screen.

let standby: PdfView | undefined;
/** The layer `standby` is drawn in: beside the preview on screen, or the off-screen park. */
let layer: HTMLDivElement | undefined;
let park: HTMLDivElement | undefined;
/** Where the preview on screen keeps its layers (use-pdf-viewer.ts). */
let beside: HTMLElement | undefined;
/** The size of the last preview shown: the one the next document will be shown at. */
let size = { width: 0, height: 0 };

/** Called by the preview on screen, so the next document is drawn at its size. */
export function rememberPreviewSize(width: number, height: number): void {
  size = { width, height };
}

/**
 * Registers the element the preview on screen keeps its document's layer in, so the next
 * document is drawn in a layer beside it; returns the unregister. A layer drawn there
 * leaves with the preview.
 */
export function standbyBeside(element: HTMLElement): () => void {
  beside = element;
  return () => {
    if (beside === element) beside = undefined;
    if (layer?.parentElement === element) dropStandby();
  };
}

/** Hidden, out of the accessibility tree and of the tab order, yet laid out. */
function hiddenLayer(): HTMLDivElement {
  const div = document.createElement('div');
  div.className = 'pdf-standby';
  div.setAttribute('aria-hidden', 'true');
  div.inert = true;
  return div;
}

/**
 * A layer beside the preview on screen, the same size; with none, the park: off screen at
 * the last preview's size (pdf.js decides which pages to draw from the scrolling element's
 * geometry), inside `.pdf-preview` for the page styles that apply there.
 */
function parking(): HTMLDivElement {
  if (beside?.isConnected) {
    // First, so the document shown paints over it and takes every pointer.
    const div = hiddenLayer();
    beside.prepend(div);
    return div;
  }
  if (!park?.isConnected) {
    park = hiddenLayer();
    park.classList.add('pdf-preview');
    document.body.append(park);
  }
  park.style.width = `${size.width}px`;
  park.style.height = `${size.height}px`;
  return park;
}

/**
 * Starts drawing `url` off screen unless it is drawn already; the one it replaces goes.
 * Nothing before a preview has been on screen: its size is not known yet.
 */
export function prepareStandby(url: string): void {
  if (standby?.url === url || size.width === 0) return;
  wanted = url;
  // After the frame that shows the current document, when the page is idle (within a
  // second): building a viewer and laying out its pages must not hold up that frame.
  afterNextPaint(() => {
    if (wanted !== url || standby?.url === url) return;
    // Loaded already: the preview on screen is drawn with it.
    void import('./pdf-view.ts').then(({ createPdfView }) => {
      if (wanted !== url || standby?.url === url) return;
      dropView();
      standby = createPdfView(url);
      layer = parking();
      layer.append(standby.scroller);
    });
  }, 1_000);
}

/** The URL of the document drawn ahead, if any: its viewer holds its own copy. */
export const drawnAheadUrl = (): string | undefined => standby?.url;

/** The URL last asked for: a newer request before the idle moment replaces it. */
let wanted: string | undefined;

/**
 * The view drawn ahead for `url`, now the caller's to show and destroy, with the layer it
 * was drawn in (its scroller's parent); undefined when none.
 */
export function takeStandby(url: string): PdfView | undefined {
  if (standby?.url !== url) return undefined;
  const view = standby;
  const drawnIn = layer;
  standby = undefined;
  layer = undefined;
  // One that failed ahead of time (an expired link, say) is opened afresh, whose error shows.
  if (view.state().status === 'error') {
    view.destroy();
    if (drawnIn !== park) drawnIn?.remove();
    return undefined;
  }
  return view;
}

/**
 * Leaving the reviews: the document drawn ahead goes too. Called from a passive effect's
 * cleanup, which React runs after the next screen's layout effects, so a review that
 * follows has taken its document by then.
 */
export function dropStandby(): void {
  wanted = undefined;
  dropView();
}

/** The view drawn ahead and its layer (the shared park stays). */
function dropView(): void {
  standby?.destroy();
  standby = undefined;
  if (layer !== park) layer?.remove();
  layer = undefined;
}
