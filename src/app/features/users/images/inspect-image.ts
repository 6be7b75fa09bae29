import { sniff } from '../../../../shared/sniff.ts';
import { hasTransparentPixel, type ImageFacts } from './image-verdict.ts';

// Enough to find a transparent background; a larger image is scanned scaled down (blending
// keeps any transparency below 255, so nothing is missed that matters).
const MAX_SCANNED_PIXELS = 4_000_000;

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError' as const;
}

/**
 * Decodes an image the file picker accepted (its bytes already say PNG or JPEG) and reads
 * its size and whether any pixel is transparent. A file whose header is right but whose
 * body does not decode is refused here, before anything is uploaded.
 */
export async function inspectImage(file: Blob): Promise<ImageFacts> {
  const type = sniff(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (type !== 'image/png' && type !== 'image/jpeg') {
    throw new UnreadableImageError('The file is not a PNG or JPEG image.');
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new UnreadableImageError('The file could not be read as an image; it may be damaged.');
  }
  try {
    const { width, height } = bitmap;
    // A JPEG has no alpha channel: no need to look.
    if (type === 'image/jpeg') return { type, width, height, transparent: false };
    const scale = Math.min(1, Math.sqrt(MAX_SCANNED_PIXELS / (width * height)));
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new UnreadableImageError('This browser cannot inspect images.');
    context.drawImage(bitmap, 0, 0, w, h);
    const transparent = hasTransparentPixel(context.getImageData(0, 0, w, h).data);
    return { type, width, height, transparent };
  } finally {
    bitmap.close();
  }
}
