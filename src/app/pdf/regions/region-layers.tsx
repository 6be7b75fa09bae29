import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import type { PdfView } from '../pdf-view.ts';
import { MarkingBanner } from './marking-banner.tsx';
import { percentStyle, RegionBox, type RegionActions } from './region-box.tsx';
import type { RegionChannel, RegionOverlay, ShownRegion } from './region-channel.ts';
import { wholePage } from './region-geometry.ts';
import { useMarking } from './use-marking.ts';
import { usePageLayers } from './use-page-layers.ts';
import './regions.css';

const NO_REGIONS: ReadonlyMap<number, ShownRegion[]> = new Map();

function byPage(regions: readonly ShownRegion[] | undefined) {
  if (!regions?.length) return NO_REGIONS;
  const pages = new Map<number, ShownRegion[]>();
  for (const shown of regions) {
    const list = pages.get(shown.region.page) ?? [];
    list.push(shown);
    pages.set(shown.region.page, list);
  }
  return pages;
}

/** What the channel says, for the document shown: nothing for another one. */
export function useOverlay(channel: RegionChannel | undefined, url: string | undefined) {
  const overlay = useSyncExternalStore(
    channel?.subscribe ?? (() => () => {}),
    channel?.get ?? (() => null),
  );
  return overlay && overlay.url === url ? overlay : null;
}

/**
 * The regions `channel` names, drawn over the pages of `view` (pdf.js's own elements, in a
 * layer of ours each: page-layers.ts), and marking mode's banner and drawing. Memoised: the
 * preview renders on every page scrolled past, this only when the view or the channel says.
 */
export const RegionLayers = memo(function RegionLayers({
  view,
  channel,
}: {
  view: PdfView | null;
  channel: RegionChannel;
}) {
  const overlay = useOverlay(channel, view?.url);
  const drawing = useMarking(view, overlay);
  const pages = useMemo(() => byPage(overlay?.regions), [overlay?.regions]);
  const drawingPage = drawing?.page;
  const wanted = useMemo(() => {
    const set = new Set(pages.keys());
    if (drawingPage !== undefined) set.add(drawingPage);
    return set;
  }, [pages, drawingPage]);
  const layers = usePageLayers(view, wanted);
  const hintId = useId();
  const boxes = useRef(new Map<string, HTMLButtonElement>());
  useReveal(channel, view, overlay, layers, boxes);
  usePictures(channel, view);
  const latest = useRef<RegionOverlay | null>(overlay);
  useEffect(() => {
    latest.current = overlay;
  });
  // Stable for the boxes: each reads the channel's latest callbacks when it acts.
  const actions: RegionActions = useMemo(
    () => ({
      onChange: (key, region) => latest.current?.onChange?.(key, region),
      onRemove: (key) => latest.current?.onRemove?.(key),
      onActivate: (key) => latest.current?.onActivate?.(key),
    }),
    [],
  );
  const boxRef = useCallback(
    (key: string) => (element: HTMLButtonElement | null) => {
      if (element) boxes.current.set(key, element);
      else boxes.current.delete(key);
    },
    [],
  );

  const marking = overlay?.marking;
  const editable = overlay?.regions.some((r) => r.editable) ?? false;
  return (
    <>
      {marking && overlay && view && (
        <MarkingBanner
          view={view}
          label={marking.label}
          full={marking.full}
          focus={Boolean(marking.keyboard)}
          onMarkPage={(page, box) => overlay.onDraw?.(wholePage(page, box), box)}
          onStop={() => overlay.onStop?.()}
        />
      )}
      {editable && (
        <p id={hintId} hidden>
          Enter shows its finding. Arrow keys move it, Shift with an arrow key resizes it, Delete
          removes it.
        </p>
      )}
      {[...layers].map(([number, { element, box }]) =>
        createPortal(
          <>
            {(pages.get(number) ?? []).map((shown) => (
              <RegionBox
                key={shown.key}
                shown={shown}
                box={box}
                page={element.parentElement ?? element}
                actions={actions}
                hintId={editable ? hintId : undefined}
                boxRef={boxRef(shown.key)}
              />
            ))}
            {drawing?.page === number && (
              <div className="region region--drawing" style={percentStyle(drawing.rect)} />
            )}
          </>,
          element,
          `page-${number}`,
        ),
      )}
    </>
  );
});

/**
 * The pages pdf.js has drawn, offered through `channel` to a screen that shows a part of one
 * beside the document (the review's seal, "On the page"): its canvas, read, never changed.
 */
function usePictures(channel: RegionChannel, view: PdfView | null): void {
  useEffect(() => {
    if (!view) return undefined;
    return channel.providePictures({
      url: view.url,
      picture(page) {
        const canvas = view.pages.element(page)?.querySelector('.canvasWrapper canvas');
        const box = view.pages.box(page);
        if (!(canvas instanceof HTMLCanvasElement) || !box || canvas.width === 0) return undefined;
        return { canvas, box };
      },
      subscribe: (listener) => view.pages.subscribe(() => listener()),
    });
  }, [channel, view]);
}

/** How long a revealed region stays highlighted (regions.css `region-flash`). */
export const FLASH_MS = 1_600;

/** Highlights a region a moment: `data-flash` on it, which regions.css draws. */
function flash(region: HTMLElement) {
  // Asked again before it ended: the highlight starts over (a style read in between).
  delete region.dataset.flash;
  void region.offsetWidth;
  region.dataset.flash = 'true';
  const ends = window.setTimeout(() => delete region.dataset.flash, FLASH_MS);
  return () => {
    window.clearTimeout(ends);
    delete region.dataset.flash;
  };
}

/**
 * `channel.reveal(key)`: pdf.js scrolls to the region (its page's destination, at the zoom
 * the reader has: pdf-controls.ts `showArea`), draws the page, and its box is read; the
 * region is then highlighted a moment and, when a person asked for it, focused, which says
 * its name, with the page scrolled to it.
 */
function useReveal(
  channel: RegionChannel,
  view: PdfView | null,
  overlay: RegionOverlay | null,
  layers: ReadonlyMap<number, unknown>,
  boxes: RefObject<Map<string, HTMLButtonElement>>,
): void {
  const wanted = useRef<{ key: string; focus: boolean } | null>(null);
  const [asked, setAsked] = useState(0);
  const latest = useRef(overlay);
  useEffect(() => {
    latest.current = overlay;
  });
  useEffect(
    () =>
      channel.onReveal((key, { focus }) => {
        // The channel's own, not the last render's: it may have been set a moment ago.
        const now = channel.get();
        const current = now && now.url === view?.url ? now : latest.current;
        const shown = current?.regions.find((r) => r.key === key);
        if (!shown || !view) return false;
        view.controls.showArea(shown.region.page, shown.region);
        wanted.current = { key, focus };
        setAsked((n) => n + 1);
        return true;
      }),
    [channel, view, boxes],
  );
  // Again once the page's layer comes (its box read): the region is there to show then.
  const stopFlash = useRef<() => void>(undefined);
  useEffect(() => {
    const asking = wanted.current;
    const element = asking ? boxes.current.get(asking.key) : undefined;
    const region = element?.closest<HTMLElement>('.region');
    if (!asking || !element || !region) return;
    wanted.current = null;
    stopFlash.current?.();
    stopFlash.current = flash(region);
    // pdf.js has brought it into the document's view, but the view may reach below the
    // window (a finding's page, whose document starts under its heading): the window scrolls
    // no more than it must for the region to be seen whole.
    region.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    if (asking.focus) element.focus({ preventScroll: true });
  }, [asked, layers, boxes]);
  useEffect(() => () => stopFlash.current?.(), []);
}
