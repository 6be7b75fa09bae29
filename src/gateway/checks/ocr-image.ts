import type { OcrPage } from './ocr.ts';

// What the parts of a page read again by OCR share (ocr-reread.ts, ocr-dates-reread.ts,
// seal-reread.ts): the reading, the image, a part cut out of it and an image resized.

/** OCR of a gray image drawn at `ppp` pixels a point (ocr.ts's ocrPage). */
export type OcrRead = (
  gray: Uint8Array,
  width: number,
  height: number,
  ppp: number,
) => Promise<OcrPage>;

/** One byte a pixel (0 black to 255 white for a drawing), row-major. */
export interface GrayImage {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** A part of an image, in whole pixels. */
export interface Part {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** `part` of `image` as an image of its own. */
export function cut(image: GrayImage, part: Part): Uint8Array {
  if (part.left === 0 && part.width === image.width) {
    return image.gray.subarray(part.top * image.width, (part.top + part.height) * image.width);
  }
  const gray = new Uint8Array(part.width * part.height);
  for (let row = 0; row < part.height; row++) {
    const from = (part.top + row) * image.width + part.left;
    gray.set(image.gray.subarray(from, from + part.width), row * part.width);
  }
  return gray;
}

/** `image` drawn at `width` x `height`, each pixel bilinear between its four nearest. */
export function resized(image: GrayImage, width: number, height: number): Uint8Array {
  const { gray: from, width: w, height: h } = image;
  const out = new Uint8Array(width * height);
  const [sx, sy] = [w / width, h / height];
  const at = (px: number, py: number) => from[py * w + px]!;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = fx - x0;
      const top = at(x0, y0) * (1 - tx) + at(x1, y0) * tx;
      const bottom = at(x0, y1) * (1 - tx) + at(x1, y1) * tx;
      out[y * width + x] = Math.round(top * (1 - ty) + bottom * ty);
    }
  }
  return out;
}
