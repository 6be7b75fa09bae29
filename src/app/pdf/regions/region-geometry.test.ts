import fc from 'fast-check';
import { degrees, PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { Region } from '../../../contract/findings.ts';
import {
  boxOf,
  fromPercent,
  moved,
  normalRotation,
  resized,
  shownAspect,
  spanning,
  toPercent,
  wholePage,
  type PageBox,
} from './region-geometry.ts';

const ROTATIONS = [0, 90, 180, 270] as const;

const box = fc.record({
  width: fc.double({ min: 72, max: 2000, noNaN: true }),
  height: fc.double({ min: 72, max: 2000, noNaN: true }),
  rotation: fc.constantFrom(...ROTATIONS),
});

/** A region well inside `b` (at least 3 pt a side, as fromPercent keeps them). */
const regionIn = (b: PageBox) =>
  fc
    .record({
      fx: fc.double({ min: 0, max: 0.9, noNaN: true }),
      fy: fc.double({ min: 0, max: 0.9, noNaN: true }),
      fw: fc.double({ min: 0.05, max: 1, noNaN: true }),
      fh: fc.double({ min: 0.05, max: 1, noNaN: true }),
    })
    .map(({ fx, fy, fw, fh }): Region => {
      // Hundredths of a point, as fromPercent keeps them, never past the page's edge.
      const hundredths = (v: number) => Math.floor(v * 100) / 100;
      const x = hundredths(fx * b.width);
      const y = hundredths(fy * b.height);
      return {
        page: 2,
        x,
        y,
        width: hundredths(Math.min(fw * b.width, b.width - x)),
        height: hundredths(Math.min(fh * b.height, b.height - y)),
      };
    })
    .filter((r) => r.width >= 3 && r.height >= 3);

const boxAndRegion = box.chain((b) => regionIn(b).map((region) => ({ b, region })));

describe('points and percentages of the page as shown', () => {
  it('come back to the same points, at every rotation', () => {
    fc.assert(
      fc.property(boxAndRegion, ({ b, region }) => {
        const back = fromPercent(region.page, toPercent(region, b), b);
        expect(back.page).toBe(region.page);
        for (const key of ['x', 'y', 'width', 'height'] as const) {
          expect(back[key]).toBeCloseTo(region[key], 1);
        }
      }),
    );
  });

  it('stay inside the page as shown', () => {
    fc.assert(
      fc.property(boxAndRegion, ({ b, region }) => {
        const p = toPercent(region, b);
        expect(p.left).toBeGreaterThanOrEqual(-1e-9);
        expect(p.top).toBeGreaterThanOrEqual(-1e-9);
        expect(p.left + p.width).toBeLessThanOrEqual(100 + 1e-9);
        expect(p.top + p.height).toBeLessThanOrEqual(100 + 1e-9);
      }),
    );
  });

  it('turn a quarter at a time: four quarter turns are no turn', () => {
    fc.assert(
      fc.property(boxAndRegion, ({ b, region }) => {
        // A page shown at 90° is, as far as the drawing goes, the page at 0° turned once.
        const at = (rotation: number) => toPercent(region, { ...b, rotation });
        const a0 = at(0);
        const a90 = at(90);
        expect(a90.left).toBeCloseTo(100 - a0.top - a0.height, 6);
        expect(a90.top).toBeCloseTo(a0.left, 6);
        expect(a90.width).toBeCloseTo(a0.height, 6);
        const a180 = at(180);
        expect(a180.left).toBeCloseTo(100 - a0.left - a0.width, 6);
        expect(a180.top).toBeCloseTo(100 - a0.top - a0.height, 6);
        const a270 = at(270);
        expect(a270.left).toBeCloseTo(a0.top, 6);
        expect(a270.top).toBeCloseTo(100 - a0.left - a0.width, 6);
      }),
    );
  });

  it('keep a rectangle inside the page, moved in whole, and at least 3 pt a side', () => {
    const letter: PageBox = { width: 612, height: 792, rotation: 0 };
    expect(fromPercent(1, { left: 95, top: 99.9, width: 20, height: 0 }, letter)).toEqual({
      page: 1,
      x: 489.6,
      y: 789,
      width: 122.4,
      height: 3,
    });
    expect(fromPercent(3, { left: 0, top: 0, width: 100, height: 100 }, letter)).toEqual(
      wholePage(3, letter),
    );
  });

  it('read a rotation of any multiple of 90, negative or past a full turn', () => {
    expect([-90, 0, 90, 450, 540, -270, 720].map(normalRotation)).toEqual([
      270, 0, 90, 90, 180, 90, 0,
    ]);
    expect(boxOf([50, 40, 550, 740], -90)).toEqual({ width: 500, height: 700, rotation: 270 });
    expect(shownAspect({ width: 500, height: 700, rotation: 90 })).toBeCloseTo(700 / 500);
  });
});

describe('dragging on the page', () => {
  it('spans two points whichever way the drag went, clipped to the page', () => {
    expect(spanning({ x: 80, y: 10 }, { x: 20, y: 110 })).toEqual({
      left: 20,
      top: 10,
      width: 60,
      height: 90,
    });
  });

  it('moves inside the page and resizes from the corner held', () => {
    const rect = { left: 10, top: 10, width: 20, height: 20 };
    expect(moved(rect, 90, -50)).toEqual({ left: 80, top: 0, width: 20, height: 20 });
    expect(resized(rect, 'se', 5, 5)).toEqual({ left: 10, top: 10, width: 25, height: 25 });
    expect(resized(rect, 'nw', 5, -5)).toEqual({ left: 15, top: 5, width: 15, height: 25 });
    // Past the opposite corner: the rectangle flips rather than turning negative.
    expect(resized(rect, 'ne', -30, 0)).toEqual({ left: 0, top: 10, width: 10, height: 20 });
  });
});

/**
 * A page of pdf.js's own, read from a PDF with a crop box away from 0, 0 and a /Rotate:
 * where pdf.js's viewport puts a region's corners, in fractions of the viewport.
 */
async function pdfJsPage(rotation: number) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([700, 900]);
  page.setCropBox(50, 40, 500, 700);
  page.setRotation(degrees(rotation));
  const task = getDocument({ data: await doc.save() });
  const pdf = await task.promise;
  const read = await pdf.getPage(1);
  const viewport = read.getViewport({ scale: 1.7 });
  const [x0 = 0, , , y1 = 0] = read.view;
  const shown = (region: Region) => {
    // Region points are from the crop box's top-left, y down; PDF user space is y up.
    const a = viewport.convertToViewportPoint(x0 + region.x, y1 - region.y);
    const b = viewport.convertToViewportPoint(
      x0 + region.x + region.width,
      y1 - region.y - region.height,
    );
    return {
      left: (Math.min(a[0]!, b[0]!) / viewport.width) * 100,
      top: (Math.min(a[1]!, b[1]!) / viewport.height) * 100,
      width: (Math.abs(a[0]! - b[0]!) / viewport.width) * 100,
      height: (Math.abs(a[1]! - b[1]!) / viewport.height) * 100,
    };
  };
  return { box: boxOf(read.view, read.rotate), shown, done: () => task.destroy() };
}

describe('as pdf.js draws a page', () => {
  it.each(ROTATIONS)('agrees with its viewport at %i° with a crop box not at 0, 0', async (r) => {
    const page = await pdfJsPage(r);
    try {
      expect(page.box).toEqual({ width: 500, height: 700, rotation: r });
      fc.assert(
        fc.property(regionIn(page.box), (region) => {
          const ours = toPercent(region, page.box);
          const theirs = page.shown(region);
          for (const key of ['left', 'top', 'width', 'height'] as const) {
            expect(ours[key]).toBeCloseTo(theirs[key], 6);
          }
        }),
        { numRuns: 50 },
      );
    } finally {
      await page.done();
    }
  });
});
