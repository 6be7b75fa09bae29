import type { UserImageKind } from '../../../../contract/users.ts';

/** What the browser learned from decoding a chosen image. */
export interface ImageFacts {
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** At least one pixel with alpha below 255 (never true for a JPEG). */
  transparent: boolean;
}

/**
 * Below these an image prints soft on a page: a signature line is wide and short, a seal is
 * round or square. Chosen as roughly 1 inch at 150 dpi for a seal, 2 x 0.5 inches for a
 * signature.
 */
export const MIN_SIZE: Record<UserImageKind, { width: number; height: number }> = {
  signature: { width: 300, height: 80 },
  notarySeal: { width: 150, height: 150 },
};

export interface ImageWarning {
  code: 'small' | 'opaque' | 'jpeg';
  message: string;
}

/** Why an image may not look right when it is stamped on a document (empty when fine). */
export function imageWarnings(kind: UserImageKind, facts: ImageFacts): ImageWarning[] {
  const warnings: ImageWarning[] = [];
  const min = MIN_SIZE[kind];
  if (facts.width < min.width || facts.height < min.height) {
    warnings.push({
      code: 'small',
      message: `This image is small (${facts.width} × ${facts.height} px) and may print blurred. Use one of at least ${min.width} × ${min.height} px.`,
    });
  }
  if (facts.type === 'image/jpeg') {
    warnings.push({
      code: 'jpeg',
      message:
        'A JPEG cannot be transparent: its background will print as a box over the document. A PNG with a transparent background works best.',
    });
  } else if (!facts.transparent) {
    warnings.push({
      code: 'opaque',
      message:
        'This PNG has no transparent pixels: its background will print as a box over the document. Remove the background first if you can.',
    });
  }
  return warnings;
}

/** Whether RGBA pixel data (as a canvas gives it) holds any alpha below 255. */
export function hasTransparentPixel(rgba: ArrayLike<number>): boolean {
  for (let i = 3; i < rgba.length; i += 4) {
    if ((rgba[i] ?? 255) < 255) return true;
  }
  return false;
}

const KB = 1024;

/** "600 × 200 px · PNG · 24 KB" */
export function describeImage(
  facts: Pick<ImageFacts, 'width' | 'height'> & { type?: ImageFacts['type'] },
  bytes?: number,
): string {
  const parts = [`${facts.width} × ${facts.height} px`];
  if (facts.type) parts.push(facts.type === 'image/png' ? 'PNG' : 'JPEG');
  if (bytes !== undefined) {
    parts.push(
      bytes < KB * KB
        ? `${Math.max(1, Math.round(bytes / KB))} KB`
        : `${(bytes / (KB * KB)).toFixed(1)} MB`,
    );
  }
  return parts.join(' · ');
}
