import type { InkMap, PageRead, Word } from '../document-read.ts';

// Ink on a page: how much there is in an area leaving its printed words out, the rules drawn
// across it (signature lines), and the largest patch of it that is not text (a seal).

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Darker than this is ink (0 to 255): the paper of a scan is a little grey, never this. */
export const INK = 48;

/** What OCR is unsure of is often handwriting or a stamp read as letters: it stays ink. */
const readSurely = (word: Word) => word.confidence === undefined || word.confidence >= 60;

/** A mask of the page's ink that is not one of its words (nor a word's padding). */
export function nonTextInk(
  page: PageRead,
  threshold = INK,
  ink = page.ink,
  isText: (word: Word) => boolean = readSurely,
): Uint8Array {
  const { width, height, dark } = ink;
  const px = (points: number) => Math.round(points * ink.scale);
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = dark[i]! > threshold ? 1 : 0;
  for (const word of page.words) {
    if (!isText(word)) continue;
    const [x0, y0] = [px(word.x) - 1, px(word.y) - 1];
    const [x1, y1] = [px(word.x + word.width) + 1, px(word.y + word.height * 1.25) + 1];
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
      mask.fill(0, y * width + Math.max(0, x0), y * width + Math.min(width, x1));
    }
  }
  return mask;
}

/** How many pixels of `mask` lie in `box` (points), and the box's area in pixels. */
export function count(mask: Uint8Array, ink: InkMap, box: Box): { on: number; area: number } {
  const px = (points: number) => Math.round(points * ink.scale);
  const [x0, y0] = [Math.max(0, px(box.x)), Math.max(0, px(box.y))];
  const [x1, y1] = [
    Math.min(ink.width, px(box.x + box.width)),
    Math.min(ink.height, px(box.y + box.height)),
  ];
  let on = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) on += mask[y * ink.width + x]!;
  return { on, area: Math.max(0, x1 - x0) * Math.max(0, y1 - y0) };
}

export interface Rule {
  x: number;
  y: number;
  width: number;
}

/**
 * Horizontal rules `minWidth` points or longer: the lines a page asks a signature or a date
 * on. A rule is followed from its left end as it drifts a row up or down (a scan's skew of a
 * fraction of a degree, or a drawing's: read row by row, a skewed rule fell into pieces, and a
 * Date's rule was not found at all), across a pixel or two of the scanner's grain. Text is
 * not a rule: a path through letters turns up and down at every step, where a rule's drift
 * goes one way, a row every fifty points or more.
 */
export function rulesOf(page: PageRead, minWidth = 90, maxWidth = 420): Rule[] {
  const { width, height, dark, scale } = page.ink;
  const px = (points: number) => Math.round(points * scale);
  // A scan's thin rule is grey, its blacks lifted and its line blurred by the JPEG: lighter
  // than the ink of a drawn page, and still far darker than the paper's grain.
  const level = page.source === 'text' ? 100 : 60;
  const on = (x: number, y: number) => y >= 0 && y < height && dark[y * width + x]! > level;
  const followed = new Uint8Array(width * height);
  const found: Rule[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 0; x < width; x++) {
      if (!on(x, y) || followed[y * width + x]) continue;
      const path = follow(x, y);
      const run = path.length;
      if (run < px(minWidth) || run > px(maxWidth)) continue;
      const rows = path.filter((r) => r >= 0);
      const turns = rows.reduce((n, r, i) => n + (i > 0 && r !== rows[i - 1] ? 1 : 0), 0);
      const spread = Math.max(...rows) - Math.min(...rows);
      if (turns > 2 + run / px(50) || spread > 2 + (run * 0.03) / scale) continue;
      // A filled area (a table's shading, a seal) is not a rule, nor its edge: 4 rows off it,
      // one side is mostly paper and neither is solid ink. Not both sides paper: a date is
      // written on its rule, close above it.
      let above = 0;
      let below = 0;
      rows.forEach((r, i) => {
        if (on(x + i, r - 4)) above++;
        if (on(x + i, r + 4)) below++;
      });
      if ((above >= run / 3 && below >= run / 3) || Math.max(above, below) >= run * 0.9) continue;
      const rule = {
        x: x / scale,
        y: Math.round(rows.reduce((a, r) => a + r, 0) / rows.length) / scale,
        width: run / scale,
      };
      // A rule two or three pixels thick, or one a gap cut in two, is one rule.
      const same = found.find(
        (r) =>
          Math.abs(r.y - rule.y) <= 3 &&
          r.x <= rule.x + rule.width + 4 &&
          rule.x <= r.x + r.width + 4,
      );
      if (!same) found.push(rule);
      else {
        const right = Math.max(same.x + same.width, rule.x + rule.width);
        same.x = Math.min(same.x, rule.x);
        same.width = right - same.x;
      }
    }
  }
  return found;

  /** The rows a rule starting at (x, y) runs on, -1 for a gap bridged; each pixel taken once. */
  function follow(x0: number, y0: number): number[] {
    const path: number[] = [];
    let row = y0;
    let gap = 0;
    for (let x = x0; x < width; x++) {
      const next = on(x, row) ? row : on(x, row - 1) ? row - 1 : on(x, row + 1) ? row + 1 : -1;
      if (next < 0) {
        if (++gap > 2) break;
        path.push(-1);
        continue;
      }
      gap = 0;
      row = next;
      // The rows either side too: a thick rule is followed once, not once a row.
      for (let r = Math.max(0, row - 1); r <= Math.min(height - 1, row + 1); r++)
        followed[r * width + x] = 1;
      path.push(row);
    }
    while (path.at(-1) === -1) path.pop();
    return path;
  }
}

/**
 * The densest square patch of `mask` within `area`, `side` points a side, and the bounding
 * box of the mask's ink around it: where a stamp is, if anything is.
 */
export function densest(mask: Uint8Array, ink: InkMap, area: Box, side: number) {
  const { width, height, scale } = ink;
  const px = (points: number) => Math.round(points * scale);
  const sum = new Uint32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += mask[y * width + x]!;
      sum[(y + 1) * (width + 1) + x + 1] = sum[y * (width + 1) + x + 1]! + row;
    }
  }
  const at = (x: number, y: number) => sum[y * (width + 1) + x]!;
  const s = px(side);
  const [ax, ay] = [Math.max(0, px(area.x)), Math.max(0, px(area.y))];
  const [bx, by] = [
    Math.min(width, px(area.x + area.width)),
    Math.min(height, px(area.y + area.height)),
  ];
  let best = { on: -1, x: ax, y: ay };
  for (let y = ay; y + s <= by; y += 2) {
    for (let x = ax; x + s <= bx; x += 2) {
      const on = at(x + s, y + s) - at(x, y + s) - at(x + s, y) + at(x, y);
      if (on > best.on) best = { on, x, y };
    }
  }
  if (best.on <= 0) return undefined;
  // The patch's ink, grown outwards while the edge rows and columns still carry some.
  let [x0, y0, x1, y1] = [best.x, best.y, best.x + s, best.y + s];
  const edge = (ex0: number, ey0: number, ex1: number, ey1: number) =>
    at(ex1, ey1) - at(ex0, ey1) - at(ex1, ey0) + at(ex0, ey0);
  const band = 3;
  for (let grown = true, steps = 0; grown && steps < 200; steps++) {
    grown = false;
    if (x0 > 0 && edge(Math.max(0, x0 - band), y0, x0, y1) > 2) {
      x0 = Math.max(0, x0 - band);
      grown = true;
    }
    if (x1 < width && edge(x1, y0, Math.min(width, x1 + band), y1) > 2) {
      x1 = Math.min(width, x1 + band);
      grown = true;
    }
    if (y0 > 0 && edge(x0, Math.max(0, y0 - band), x1, y0) > 2) {
      y0 = Math.max(0, y0 - band);
      grown = true;
    }
    if (y1 < height && edge(x0, y1, x1, Math.min(height, y1 + band)) > 2) {
      y1 = Math.min(height, y1 + band);
      grown = true;
    }
  }
  const fill = best.on / (s * s);
  const box = { x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale };
  return {
    fill,
    box,
    touches: { left: x0 <= 1, right: x1 >= width - 1, top: y0 <= 1, bottom: y1 >= height - 1 },
  };
}

/** Mean darkness of the ink (above INK/2) in `box`: how strongly it was stamped. */
export function strength(ink: InkMap, mask: Uint8Array, box: Box): number {
  const px = (points: number) => Math.round(points * ink.scale);
  const [x0, y0] = [Math.max(0, px(box.x)), Math.max(0, px(box.y))];
  const [x1, y1] = [
    Math.min(ink.width, px(box.x + box.width)),
    Math.min(ink.height, px(box.y + box.height)),
  ];
  const values: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++)
      if (mask[y * ink.width + x]) values.push(ink.dark[y * ink.width + x]!);
  }
  if (values.length === 0) return 0;
  values.sort((a, b) => b - a);
  // The darkest fifth: a stamp's strokes, not the edges blurred around them.
  const top = values.slice(0, Math.max(1, Math.floor(values.length / 5)));
  return top.reduce((a, b) => a + b, 0) / top.length;
}

/**
 * How alike two stamps are, 0 to 1: each cut to its ink, scaled to a small square, and
 * correlated (shifted a little either way, as a stamp sits a little off). A stamp on a scan
 * (`scanned`) has lost its finest strokes to the scanner's resolution and its JPEG: both are
 * blurred alike first, so the image on file is compared at the scan's sharpness, not its own.
 */
export function likeness(
  a: InkMap,
  aBox: Box,
  b: InkMap,
  bBox?: Box,
  { scanned = false } = {},
): number {
  const N = 128;
  // Each cell the mean of the pixels it covers: a seal drawn at another size averages alike.
  const grid = (ink: InkMap, box: Box) => {
    const px = (points: number) => Math.round(points * ink.scale);
    const out = new Float64Array(N * N);
    const [bx, by, bw, bh] = [px(box.x), px(box.y), px(box.width), px(box.height)];
    for (let j = 0; j < N; j++) {
      for (let i = 0; i < N; i++) {
        const [x0, x1] = [
          Math.floor(bx + (i * bw) / N),
          Math.max(Math.floor(bx + ((i + 1) * bw) / N), Math.floor(bx + (i * bw) / N) + 1),
        ];
        const [y0, y1] = [
          Math.floor(by + (j * bh) / N),
          Math.max(Math.floor(by + ((j + 1) * bh) / N), Math.floor(by + (j * bh) / N) + 1),
        ];
        let [sum, k] = [0, 0];
        for (let y = Math.max(0, y0); y < Math.min(ink.height, y1); y++) {
          for (let x = Math.max(0, x0); x < Math.min(ink.width, x1); x++) {
            sum += ink.dark[y * ink.width + x]!;
            k++;
          }
        }
        out[j * N + i] = k ? sum / k : 0;
      }
    }
    return out;
  };
  // The fine strokes (the letters of a name, a number) tell one notary's seal from another's,
  // whose rings are the same: each grid less its blur is compared.
  // Two cells either way: on 30 scans at 90 dpi, an own stamp then measured 85% alike at
  // least, another notary's of the same state 75% at most (unblurred: 57% and 54%).
  const sharpness = (g: Float64Array) => (scanned ? boxBlur(g, N, 2) : g);
  const fileBox = bBox ?? inkBox(b);
  const gb = detail(sharpness(grid(b, fileBox)), N);
  const score = (box: Box) => {
    const ga = detail(sharpness(grid(a, box)), N);
    let best = { r: -1, dx: 0, dy: 0 };
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const r = correlation(ga, gb, dx, dy, N);
        if (r > best.r) best = { r, dx, dy };
      }
    }
    // Then part by part: another notary's seal is the same but for their name and number, so
    // the least alike parts say whose it is. A part is a sixteenth of the seal's side squared.
    const T = N / 4;
    const parts: number[] = [];
    for (let ty = 0; ty < N; ty += T) {
      for (let tx = 0; tx < N; tx += T) {
        const r = correlation(ga, gb, best.dx, best.dy, N, { x: tx, y: ty, size: T });
        if (r !== undefined) parts.push(r);
      }
    }
    if (parts.length === 0) return 0;
    parts.sort((x, y) => x - y);
    return Math.max(0, Math.min(1, parts[Math.floor(parts.length * 0.1)]!));
  };
  // Ink beside the stamp (the notary's signature running into it) stretches its box out of
  // the stamp's shape: the box is also tried cut to the shape of the one on file, at either
  // end and in the middle, each cut trimmed to its ink again.
  const found = inkBox(a, aBox);
  const cuts = shapedLike(found, fileBox.width / fileBox.height).map((cut) => inkBox(a, cut));
  return Math.max(...[found, ...cuts].map(score));
}

/** `box` cut to the aspect `aspect` along its longer side: at its start, middle and end. */
function shapedLike(box: Box, aspect: number): Box[] {
  const ratio = box.width / box.height;
  if (Math.abs(Math.log(ratio / aspect)) < 0.05) return [];
  if (ratio > aspect) {
    const width = box.height * aspect;
    return [0, 0.5, 1].map((at) => ({ ...box, x: box.x + (box.width - width) * at, width }));
  }
  const height = box.width / aspect;
  return [0, 0.5, 1].map((at) => ({ ...box, y: box.y + (box.height - height) * at, height }));
}

/** Each cell the mean of the square of side 2r + 1 around it (cut at the grid's edge). */
function boxBlur(grid: Float64Array, n: number, r: number): Float64Array {
  const out = new Float64Array(grid.length);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      let [sum, k] = [0, 0];
      for (let j = Math.max(0, y - r); j <= Math.min(n - 1, y + r); j++) {
        for (let i = Math.max(0, x - r); i <= Math.min(n - 1, x + r); i++) {
          sum += grid[j * n + i]!;
          k++;
        }
      }
      out[y * n + x] = sum / k;
    }
  }
  return out;
}

/** The grid less its blur: the strokes, not the rings' broad shading. */
function detail(grid: Float64Array, n: number): Float64Array {
  const blurred = boxBlur(grid, n, 3);
  return grid.map((value, i) => value - blurred[i]!);
}

/** The image's ink's bounding box, in its own pixels (an image on file has its own scale). */
function inkBox(ink: InkMap, within?: Box): Box {
  const scale = ink.scale;
  const [wx0, wy0] = within
    ? [Math.max(0, Math.floor(within.x * scale)), Math.max(0, Math.floor(within.y * scale))]
    : [0, 0];
  const [wx1, wy1] = within
    ? [
        Math.min(ink.width, Math.ceil((within.x + within.width) * scale)),
        Math.min(ink.height, Math.ceil((within.y + within.height) * scale)),
      ]
    : [ink.width, ink.height];
  // Ink counted by column and row: a speck of dust beside a stamp (a scan's) is trimmed off,
  // not taken for its edge, which would stretch the stamp against the one on file.
  const columns = new Float64Array(Math.max(0, wx1 - wx0));
  const rows = new Float64Array(Math.max(0, wy1 - wy0));
  let total = 0;
  for (let y = wy0; y < wy1; y++) {
    for (let x = wx0; x < wx1; x++) {
      if (ink.dark[y * ink.width + x]! > INK) {
        columns[x - wx0]!++;
        rows[y - wy0]!++;
        total++;
      }
    }
  }
  if (total === 0)
    return within ?? { x: 0, y: 0, width: ink.width / scale, height: ink.height / scale };
  const [cx0, cx1] = trimmed(columns, total);
  const [ry0, ry1] = trimmed(rows, total);
  const [x0, x1, y0, y1] = [wx0 + cx0, wx0 + cx1, wy0 + ry0, wy0 + ry1];
  return { x: x0 / scale, y: y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale };
}

/** Where the ink starts and ends along one axis, less a sliver (a speck) at either end. */
function trimmed(counts: Float64Array, total: number): [number, number] {
  const sliver = total * 0.002;
  let [start, end, seen] = [0, counts.length, 0];
  while (start < counts.length - 1 && (seen += counts[start]!) <= sliver) start++;
  seen = 0;
  while (end > start + 1 && (seen += counts[end - 1]!) <= sliver) end--;
  return [start, end];
}

function correlation(
  a: Float64Array,
  b: Float64Array,
  dx: number,
  dy: number,
  n: number,
  tile?: { x: number; y: number; size: number },
): number {
  const [tx0, ty0] = tile ? [tile.x, tile.y] : [0, 0];
  const [tx1, ty1] = tile ? [tile.x + tile.size, tile.y + tile.size] : [n, n];
  let [sa, sb, saa, sbb, sab, k] = [0, 0, 0, 0, 0, 0];
  for (let y = Math.max(ty0, dy); y < Math.min(ty1, n + dy); y++) {
    for (let x = Math.max(tx0, dx); x < Math.min(tx1, n + dx); x++) {
      const va = a[y * n + x]!;
      const vb = b[(y - dy) * n + (x - dx)]!;
      sa += va;
      sb += vb;
      saa += va * va;
      sbb += vb * vb;
      sab += va * vb;
      k++;
    }
  }
  if (k === 0) return tile ? (undefined as unknown as number) : 0;
  const cov = sab - (sa * sb) / k;
  const va = saa - (sa * sa) / k;
  const vb = sbb - (sb * sb) / k;
  // A part with next to no strokes in either says nothing.
  if (tile && va + vb < k * 40) return undefined as unknown as number;
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}
