import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Region } from '../../contract/findings.ts';

// A document read back as a person's tools read it, by poppler (pdftotext, pdftoppm), never by
// the generator that drew it: the words in a region of a page, and the ink in one.

const run = promisify(execFile);

/** Documents written to a folder of their own for poppler; `remove` when done. */
export function pdfFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'attest-pdf-reading-'));
  let files = 0;
  return {
    write(bytes: Uint8Array | null | undefined): string {
      if (!bytes) throw new Error('no document');
      const path = join(dir, `${files++}.pdf`);
      writeFileSync(path, bytes);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The text of pages `first` to `last` (1-based), as pdftotext lays it out. */
export async function pdfText(path: string, first = 1, last = first): Promise<string> {
  const pages = ['-f', String(first), '-l', String(last)];
  return (await run('pdftotext', [...pages, path, '-'])).stdout;
}

/** The words whose middle is inside the region, in reading order. */
export async function wordsIn(path: string, region: Region): Promise<string> {
  const page = String(region.page);
  const { stdout } = await run('pdftotext', ['-bbox', '-f', page, '-l', page, path, '-']);
  const words: string[] = [];
  for (const m of stdout.matchAll(
    /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
    const inside =
      cx >= region.x &&
      cx <= region.x + region.width &&
      cy >= region.y &&
      cy <= region.y + region.height;
    if (inside)
      words.push(
        (m[5] ?? '')
          .replace(/&amp;/g, '&')
          .replace(/&apos;/g, "'")
          .replace(/&quot;/g, '"'),
      );
  }
  return words.join(' ').replace(/\u00a0/g, ' ');
}

/**
 * Pixels of blue-black ink (a pen's, a seal's) in the region, drawn at 72 dpi: a point a
 * pixel. Black print is not ink: a signature line stays empty without a hand over it. On a
 * `scanned` page (an image at 90 dpi, its colours shared by neighbouring pixels as
 * JPEG does) a thin pen stroke is much less blue: told from print by less.
 */
export async function inkIn(
  path: string,
  region: Region,
  { scanned = false } = {},
): Promise<number> {
  const blueness = scanned ? 15 : 40;
  const page = String(region.page);
  const box = [region.x, region.y, region.width, region.height].map((n) => String(Math.round(n)));
  const crop = ['-x', box[0], '-y', box[1], '-W', box[2], '-H', box[3]] as string[];
  const { stdout } = await run('pdftoppm', ['-f', page, '-l', page, '-r', '72', ...crop, path], {
    encoding: 'buffer',
    maxBuffer: 1 << 24,
  });
  const pixels = ppmPixels(stdout);
  let ink = 0;
  for (let i = 0; i < pixels.length; i += 3) {
    const [r, , b] = [pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0];
    if (b - r > blueness && r < 150) ink += 1;
  }
  return ink;
}

function ppmPixels(ppm: Buffer) {
  // P6\n<w> <h>\n255\n, then RGB bytes.
  let fields = 0;
  let at = 0;
  while (fields < 4 && at < ppm.length) {
    while (at < ppm.length && /\s/.test(String.fromCharCode(ppm[at] ?? 0))) at += 1;
    while (at < ppm.length && !/\s/.test(String.fromCharCode(ppm[at] ?? 0))) at += 1;
    fields += 1;
  }
  return ppm.subarray(at + 1);
}
