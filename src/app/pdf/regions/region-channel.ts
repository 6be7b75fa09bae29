import type { Region } from '../../../contract/findings.ts';
import type { PageBox } from './region-geometry.ts';

// What a preview draws over its pages, told by the screen beside it (the review's panel, a
// second review): regions with their names, and whether the reviewer is marking. A channel
// rather than a prop, so that the panel, keyed per request, can change it without rendering
// the page that holds both (ADR 024: approve and next renders as little as it can).

/** One region on screen. */
export interface ShownRegion {
  /** Stable while the region lives: `reveal` and the callbacks name it by this. */
  key: string;
  region: Region;
  /** Its accessible name: "Marked region 1 on page 2: Notary seal visible". */
  label: string;
  /** What its box shows, short: the checklist item's number. */
  tag: string;
  /** Whether the reviewer may move, resize and remove it (their own draft's). */
  editable: boolean;
  /**
   * `earlier`: someone else's, shown for comparison (a second review); `machine`: what the
   * gateway's first read found (ADR 042), drawn apart from any person's marks.
   */
  tone?: 'mark' | 'earlier' | 'machine';
}

export interface RegionOverlay {
  /** The document these regions are of: drawn over that document only. */
  url: string;
  regions: readonly ShownRegion[];
  /**
   * Page boxes known ahead of pdf.js (kept with a draft): the gateway's first-page image,
   * shown before pdf.js has read the document, draws page 1's regions with them.
   */
  boxes?: Readonly<Record<string, PageBox>>;
  /** While set, a rectangle dragged on a page marks a region for this (named in the banner). */
  marking?: {
    /** "4 · Notary seal visible". */
    label: string;
    /** Why no more may be marked for it, if so (the most regions one finding may have). */
    full?: string | undefined;
    /** Entered from the keyboard: the banner's whole-page control takes the focus. */
    keyboard?: boolean | undefined;
  } | null;
  /** A region marked (dragged, or a whole page), with its page's box. */
  onDraw?(region: Region, box: PageBox): void;
  /** A region moved or resized. */
  onChange?(key: string, region: Region): void;
  onRemove?(key: string): void;
  /** The region was pressed: show what it belongs to (its finding in the checklist). */
  onActivate?(key: string): void;
  /** Marking ends (Esc, Done). */
  onStop?(): void;
}

/** How a region is revealed. */
export interface RevealOptions {
  /**
   * Whether it takes the focus (and the page scrolls to it): when a person asked for it
   * (its finding, a "Page 2" line). A document opened at its region leaves the focus where
   * it is.
   */
  focus: boolean;
}

/** A page as the preview has drawn it: its canvas, and the page's box it was drawn from. */
export interface PagePicture {
  canvas: HTMLCanvasElement;
  box: PageBox;
}

/** The preview's drawn pages, for a screen that shows a part of one beside the document. */
export interface PagePictures {
  /** The document they are of. */
  url: string;
  /** Page `page` as drawn now; undefined while pdf.js has not drawn it. */
  picture(page: number): PagePicture | undefined;
  /** Hears of every page drawn (or drawn again); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface RegionChannel {
  get(): RegionOverlay | null;
  /** Replaces what is drawn; the same object again changes nothing. */
  set(overlay: RegionOverlay | null): void;
  subscribe(listener: () => void): () => void;
  /**
   * Brings region `key` into view, highlighted a moment, and focuses it unless told not to
   * (`focus: false`). Asked before the preview can (pdf.js not yet come, the document not
   * yet open), the latest is kept for it.
   */
  reveal(key: string, options?: RevealOptions): void;
  /** The preview's side of `reveal`: the listener says whether it could show the region. */
  onReveal(listener: (key: string, options: RevealOptions) => boolean): () => void;
  /** Page `page` of the document at `url` as the preview has drawn it, if it has. */
  picture(url: string, page: number): PagePicture | undefined;
  /** Hears when the preview draws a page or shows another document; returns the unsubscribe. */
  onPictures(listener: () => void): () => void;
  /** The preview's side of `picture`: its drawn pages, until the returned function is called. */
  providePictures(pictures: PagePictures): () => void;
}

const FOCUS: RevealOptions = { focus: true };

export function createRegionChannel(): RegionChannel {
  let overlay: RegionOverlay | null = null;
  const listeners = new Set<() => void>();
  const revealers = new Set<(key: string, options: RevealOptions) => boolean>();
  let unheard: { key: string; options: RevealOptions } | undefined;
  let pictures: PagePictures | undefined;
  const pictureListeners = new Set<() => void>();
  const drawn = () => {
    for (const listener of pictureListeners) listener();
  };
  return {
    get: () => overlay,
    set(next) {
      if (next === overlay) return;
      overlay = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reveal(key, options = FOCUS) {
      unheard = { key, options };
      for (const reveal of revealers) if (reveal(key, options)) unheard = undefined;
    },
    onReveal(listener) {
      revealers.add(listener);
      if (unheard !== undefined && listener(unheard.key, unheard.options)) unheard = undefined;
      return () => revealers.delete(listener);
    },
    picture: (url, page) => (pictures?.url === url ? pictures.picture(page) : undefined),
    onPictures(listener) {
      pictureListeners.add(listener);
      return () => pictureListeners.delete(listener);
    },
    providePictures(provided) {
      pictures = provided;
      const unsubscribe = provided.subscribe(drawn);
      drawn();
      return () => {
        unsubscribe();
        if (pictures === provided) pictures = undefined;
        drawn();
      };
    },
  };
}
