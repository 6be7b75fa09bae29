import { createHash } from 'node:crypto';
import {
  PDFDocument,
  PDFImage,
  PDFName,
  PDFRawStream,
  PngEmbedder,
  type PDFContext,
  type PDFObject,
  type PDFRef,
} from 'pdf-lib';

// A notary's seal goes into every document they notarize. pdf-lib decodes a PNG and deflates
// its pixels again, in JavaScript, on every embedding: most of a fresh demo's seeding time.
// Here pdf-lib embeds each image once, in a scratch document, and each document gets a copy
// of its deflated pixels as they are.

interface Prepared {
  /** pdf-lib's embedder of the image, decoded. */
  decoded: PngEmbedder;
  /** The colour's FlateDecode stream, and the alpha's where the image has any. */
  rgb: Uint8Array;
  alpha: Uint8Array | undefined;
}

/** By the image's digest: a notary's image is the same bytes in every document. */
const prepared = new Map<string, Promise<Prepared>>();
const MAX_PREPARED = 64;

async function prepareNow(png: Uint8Array): Promise<Prepared> {
  const scratch = await PDFDocument.create();
  const decoded = await PngEmbedder.for(png);
  const raw = (ref: PDFObject | undefined) => {
    const stream = ref && scratch.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) throw new Error('pdf-lib embedded no raw stream');
    return stream;
  };
  const image = raw(await decoded.embedIntoContext(scratch.context));
  const smask = image.dict.get(PDFName.of('SMask'));
  return { decoded, rgb: image.contents, alpha: smask && raw(smask).contents };
}

function prepare(png: Uint8Array): Promise<Prepared> {
  const key = createHash('sha256').update(png).digest('hex');
  let ready = prepared.get(key);
  if (!ready) {
    if (prepared.size >= MAX_PREPARED) prepared.clear();
    ready = prepareNow(png);
    prepared.set(key, ready);
  }
  return ready;
}

/** pdf-lib's embedder of `png`, copying the pixels prepared once instead of deflating them. */
async function embedderOf(png: Uint8Array): Promise<PngEmbedder> {
  const { decoded, rgb, alpha } = await prepare(png);
  const { width, height, bitsPerComponent } = decoded;
  const embedIntoContext = (context: PDFContext, ref?: PDFRef): Promise<PDFRef> => {
    const image = { Type: 'XObject', Subtype: 'Image', Width: width, Height: height };
    const flate = { ...image, BitsPerComponent: bitsPerComponent, Filter: 'FlateDecode' };
    const mask = alpha && { ...flate, ColorSpace: 'DeviceGray', Decode: [0, 1] };
    const SMask = mask && context.register(context.stream(alpha, mask));
    const xObject = context.stream(rgb, { ...flate, ColorSpace: 'DeviceRGB', SMask });
    if (!ref) return Promise.resolve(context.register(xObject));
    context.assign(ref, xObject);
    return Promise.resolve(ref);
  };
  // PDFImage takes only a PngEmbedder (it checks the prototype): this is the decoded one with
  // its embedding replaced by the copy above.
  const embedder: unknown = Object.create(decoded, {
    embedIntoContext: { value: embedIntoContext },
  });
  return embedder as PngEmbedder;
}

/** `doc.embedPng(png)`, with the image's pixels decoded and deflated once per process. */
export async function embedPngOnce(doc: PDFDocument, png: Uint8Array): Promise<PDFImage> {
  const image = PDFImage.of(doc.context.nextRef(), doc, await embedderOf(png));
  await image.embed();
  return image;
}
