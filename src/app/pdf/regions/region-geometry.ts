import type { Region } from '../../../contract/findings.ts';

// Regions are kept in PDF points from the top-left corner of the page's crop box, as the page
// is stored (ADR 029); they are drawn in percentages of the page as shown, so a zoom moves
// nothing and needs no recomputing. What lies between is the page's box and its rotation.

/** A page as pdf.js reads it: its crop box's size in points (unrotated) and its rotation. */
export interface PageBox {
  width: number;
  height: number;
  /** Clockwise, as the page is shown: 0, 90, 180 or 270. */
  rotation: number;
}

/** A rectangle in percent (0–100) of the page as shown, from its top-left corner. */
export interface PercentRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** 0, 90, 180 or 270 for any multiple of 90 (a PDF's /Rotate may be negative or past 360). */
export const normalRotation = (degrees: number): number =>
  (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;

/**
 * The box of a page from pdf.js's `view` (its crop box, `[x0, y0, x1, y1]` in user space,
 * which need not start at 0, 0) and the rotation it is shown at.
 */
export function boxOf(view: readonly number[], rotation: number): PageBox {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  return {
    width: Math.abs(x1 - x0),
    height: Math.abs(y1 - y0),
    rotation: normalRotation(rotation),
  };
}

/** The page's width over its height as shown: rotated a quarter turn, the other way round. */
export const shownAspect = (box: PageBox): number =>
  box.rotation % 180 === 0 ? box.width / box.height : box.height / box.width;

type Fractions = { x: number; y: number; w: number; h: number };

/** Unrotated fractions of the page to shown ones: a clockwise turn of the whole page. */
function turn({ x, y, w, h }: Fractions, rotation: number): Fractions {
  switch (rotation) {
    case 90:
      return { x: 1 - y - h, y: x, w: h, h: w };
    case 180:
      return { x: 1 - x - w, y: 1 - y - h, w, h };
    case 270:
      return { x: y, y: 1 - x - w, w: h, h: w };
    default:
      return { x, y, w, h };
  }
}

/** The inverse of `turn`: shown fractions back to the page as stored. */
const unturn = (shown: Fractions, rotation: number): Fractions =>
  turn(shown, (360 - rotation) % 360);

/** Where `region` is drawn on its page as shown, in percent of the page's shown size. */
export function toPercent(region: Region, box: PageBox): PercentRect {
  const shown = turn(
    {
      x: region.x / box.width,
      y: region.y / box.height,
      w: region.width / box.width,
      h: region.height / box.height,
    },
    box.rotation,
  );
  return { left: shown.x * 100, top: shown.y * 100, width: shown.w * 100, height: shown.h * 100 };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Hundredths of a point: finer than any screen, and short in the header. */
const round = (value: number) => Math.round(value * 100) / 100;
/** The smallest region kept, in points a side (about 1 mm). */
export const MIN_SIDE_PT = 3;

/**
 * The region a rectangle drawn on page `page` as shown covers, in points of the page as
 * stored: kept inside the page, at least MIN_SIDE_PT a side.
 */
export function fromPercent(page: number, rect: PercentRect, box: PageBox): Region {
  const stored = unturn(
    { x: rect.left / 100, y: rect.top / 100, w: rect.width / 100, h: rect.height / 100 },
    box.rotation,
  );
  const min = Math.min(MIN_SIDE_PT, box.width, box.height);
  const width = clamp(round(stored.w * box.width), min, round(box.width));
  const height = clamp(round(stored.h * box.height), min, round(box.height));
  return {
    page,
    x: clamp(round(stored.x * box.width), 0, round(box.width - width)),
    y: clamp(round(stored.y * box.height), 0, round(box.height - height)),
    width,
    height,
  };
}

/** The whole of page `page`: what a reviewer marks from the keyboard. */
export const wholePage = (page: number, box: PageBox): Region => ({
  page,
  x: 0,
  y: 0,
  width: round(box.width),
  height: round(box.height),
});

/** The rectangle between two points of a page as shown (percent), whichever way it was dragged. */
export function spanning(a: { x: number; y: number }, b: { x: number; y: number }): PercentRect {
  const left = clamp(Math.min(a.x, b.x), 0, 100);
  const top = clamp(Math.min(a.y, b.y), 0, 100);
  return {
    left,
    top,
    width: clamp(Math.max(a.x, b.x), 0, 100) - left,
    height: clamp(Math.max(a.y, b.y), 0, 100) - top,
  };
}

/** `rect` moved by (dx, dy) percent, kept inside the page. */
export function moved(rect: PercentRect, dx: number, dy: number): PercentRect {
  return {
    ...rect,
    left: clamp(rect.left + dx, 0, 100 - rect.width),
    top: clamp(rect.top + dy, 0, 100 - rect.height),
  };
}

/** Which corner of a rectangle a resize handle holds. */
export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/** `rect` with `corner` dragged by (dx, dy) percent; the opposite corner stays. */
export function resized(rect: PercentRect, corner: Corner, dx: number, dy: number): PercentRect {
  const right = rect.left + rect.width;
  const bottom = rect.top + rect.height;
  const grab = {
    x: corner.endsWith('w') ? rect.left + dx : right + dx,
    y: corner.startsWith('n') ? rect.top + dy : bottom + dy,
  };
  const stay = {
    x: corner.endsWith('w') ? right : rect.left,
    y: corner.startsWith('n') ? bottom : rect.top,
  };
  return spanning(grab, stay);
}
