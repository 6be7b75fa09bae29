import type { PDFRef } from 'pdf-lib';
import { PDFDocument, rgb, StandardFonts, type PDFObject } from 'pdf-lib';

// A sealed document changed afterwards the way PDF allows it: an incremental update (ISO
// 32000-1, 7.5.6) appended after the sealed bytes, which stay as they were. The seal still
// verifies over the range it signed, the file still opens, and a verifier reports that the
// signature no longer covers the whole document (pdfsig: "Not total document signed").

export interface PageChange {
  /** Index of the page changed (0 = first). */
  page: number;
  /** A line of text written on it. */
  text: string;
  /** Where, in points from the page's bottom left; by default near the bottom margin. */
  x?: number;
  y?: number;
}

/** `sealed` with `change` appended as an incremental update. */
export async function changeAfterSeal(sealed: Uint8Array, change: PageChange): Promise<Uint8Array> {
  const previousXref = lastStartXref(sealed);
  const doc = await PDFDocument.load(sealed, { updateMetadata: false });
  const before = new Map(
    doc.context.enumerateIndirectObjects().map(([ref, object]) => [ref.tag, bytesOf(object)]),
  );

  const page = doc.getPage(change.page);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(change.text, {
    x: change.x ?? 72,
    y: change.y ?? 40,
    size: 9,
    font,
    color: rgb(0.1, 0.1, 0.1),
  });
  // The embedded font's objects are written on flush (save() would do it; we write our own).
  await doc.flush();

  const changed = doc.context
    .enumerateIndirectObjects()
    .map(([ref, object]) => ({ ref, bytes: bytesOf(object) }))
    .filter(({ ref, bytes }) => !sameBytes(before.get(ref.tag), bytes))
    .sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);

  const chunks: Uint8Array[] = [sealed, ascii('\n')];
  let offset = sealed.byteLength + 1;
  const offsets = new Map<number, { generation: number; offset: number }>();
  for (const { ref, bytes } of changed) {
    offsets.set(ref.objectNumber, { generation: ref.generationNumber, offset });
    const framed = [
      ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`),
      bytes,
      ascii('\nendobj\n'),
    ];
    chunks.push(...framed);
    offset += framed.reduce((n, part) => n + part.byteLength, 0);
  }

  const xrefOffset = offset;
  chunks.push(ascii(xrefTable(offsets)));
  const trailer = doc.context.obj({
    Size: doc.context.largestObjectNumber + 1,
    Prev: previousXref,
    ...trailerEntries(doc),
  });
  chunks.push(ascii('trailer\n'), bytesOf(trailer), ascii(`\nstartxref\n${xrefOffset}\n%%EOF\n`));
  return concat(chunks);
}

/** The trailer's Root, Info and ID, carried into the update's trailer. */
function trailerEntries(doc: PDFDocument): Record<string, PDFObject> {
  const { Root, Info, ID } = doc.context.trailerInfo;
  return {
    ...(Root && { Root }),
    ...(Info && { Info }),
    ...(ID && { ID }),
  };
}

/** A cross-reference section: one subsection per run of consecutive object numbers. */
function xrefTable(offsets: Map<number, { generation: number; offset: number }>): string {
  const numbers = [...offsets.keys()].sort((a, b) => a - b);
  let text = 'xref\n';
  let run: number[] = [];
  const flush = () => {
    const first = run[0];
    if (first === undefined) return;
    text += `${first} ${run.length}\n`;
    for (const n of run) {
      const entry = offsets.get(n);
      if (!entry) continue;
      // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n, two-byte EOL.
      text += `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n\r\n`;
    }
    run = [];
  };
  for (const n of numbers) {
    const last = run.at(-1);
    if (last !== undefined && n !== last + 1) flush();
    run.push(n);
  }
  flush();
  return text;
}

/** The byte offset the file's last `startxref` names: the update's /Prev. */
function lastStartXref(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.byteLength - 1024))).toString('latin1');
  const matches = [...tail.matchAll(/startxref\s+(\d+)/g)];
  const found = matches.at(-1)?.[1];
  if (found === undefined) throw new Error('no startxref at the end of the PDF');
  return Number(found);
}

function bytesOf(object: PDFObject | PDFRef): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return a !== undefined && Buffer.from(a).equals(b);
}

const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

function concat(chunks: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(chunks));
}
