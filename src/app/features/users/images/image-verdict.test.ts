import { describe, expect, it } from 'vitest';
import {
  describeImage,
  hasTransparentPixel,
  imageWarnings,
  type ImageFacts,
} from './image-verdict.ts';

const png = (width: number, height: number, transparent = true): ImageFacts => ({
  type: 'image/png',
  width,
  height,
  transparent,
});

describe('image warnings', () => {
  it('has nothing to say about a large transparent PNG', () => {
    expect(imageWarnings('signature', png(600, 200))).toEqual([]);
    expect(imageWarnings('notarySeal', png(400, 400))).toEqual([]);
  });

  it('warns when either side is under the minimum for the kind', () => {
    expect(imageWarnings('signature', png(299, 200)).map((w) => w.code)).toEqual(['small']);
    expect(imageWarnings('signature', png(600, 79)).map((w) => w.code)).toEqual(['small']);
    expect(imageWarnings('signature', png(300, 80))).toEqual([]);
    // A wide, short image is a fine signature but a poor seal.
    expect(imageWarnings('notarySeal', png(300, 80)).map((w) => w.code)).toEqual(['small']);
    expect(imageWarnings('notarySeal', png(150, 150))).toEqual([]);
  });

  it('names the size it found and the size it wants', () => {
    const [warning] = imageWarnings('notarySeal', png(64, 48));
    expect(warning?.message).toContain('64 × 48 px');
    expect(warning?.message).toContain('150 × 150 px');
  });

  it('warns about an opaque PNG, and always about a JPEG', () => {
    expect(imageWarnings('signature', png(600, 200, false)).map((w) => w.code)).toEqual(['opaque']);
    const jpeg: ImageFacts = { type: 'image/jpeg', width: 600, height: 200, transparent: false };
    expect(imageWarnings('signature', jpeg).map((w) => w.code)).toEqual(['jpeg']);
    // Even if a decoder claimed otherwise, a JPEG has no alpha channel.
    expect(imageWarnings('signature', { ...jpeg, transparent: true }).map((w) => w.code)).toEqual([
      'jpeg',
    ]);
  });

  it('gives every warning that applies', () => {
    expect(imageWarnings('notarySeal', png(40, 40, false)).map((w) => w.code)).toEqual([
      'small',
      'opaque',
    ]);
  });
});

describe('transparency', () => {
  it('finds any alpha below 255, and only alpha', () => {
    expect(hasTransparentPixel([0, 0, 0, 255, 10, 20, 30, 255])).toBe(false);
    expect(hasTransparentPixel([0, 0, 0, 255, 10, 20, 30, 254])).toBe(true);
    expect(hasTransparentPixel([0, 0, 0, 0])).toBe(true);
    // Low colour values are not transparency.
    expect(hasTransparentPixel(new Uint8ClampedArray([0, 0, 0, 255]))).toBe(false);
    expect(hasTransparentPixel([])).toBe(false);
  });
});

describe('image description', () => {
  it('gives size, type and weight', () => {
    expect(describeImage(png(600, 200), 24_000)).toBe('600 × 200 px · PNG · 23 KB');
    expect(describeImage({ type: 'image/jpeg', width: 10, height: 10 }, 3 * 1024 * 1024)).toBe(
      '10 × 10 px · JPEG · 3.0 MB',
    );
    expect(describeImage({ width: 10, height: 10 })).toBe('10 × 10 px');
    expect(describeImage(png(1, 1), 12)).toBe('1 × 1 px · PNG · 1 KB');
  });
});
