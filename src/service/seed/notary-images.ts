import { createCanvas, Path2D } from '@napi-rs/canvas';
import { notaryCommission } from './certificate.ts';
import { signaturePath } from './ink.ts';

// The images a demo notary has on file: a round seal with their name, the state,
// their commission number and its expiry, and their signature. The profile shows these, and
// the documents they notarize are stamped and signed with the same bytes.

const SEAL_PX = 240;
const INK = 'rgb(38, 52, 140)';

export interface NotaryFacts {
  name: string;
  state: string;
}

/**
 * The seal, a PNG SEAL_PX square on a transparent background, as the profile asks notaries for
 * theirs: stamped over a certificate's lines, the lines show through, as a rubber stamp's do.
 */
export function sealPng({ name, state }: NotaryFacts): Uint8Array {
  const { number, expires } = notaryCommission(name);
  const canvas = createCanvas(SEAL_PX, SEAL_PX);
  const g = canvas.getContext('2d');
  // Drawn on a 300-unit square, scaled to the image's size.
  g.scale(SEAL_PX / 300, SEAL_PX / 300);
  const c = 150;
  g.strokeStyle = INK;
  g.fillStyle = INK;
  for (const [r, w] of [
    [c - 4, 5],
    [c - 14, 1.5],
    [c - 58, 1.5],
  ] as const) {
    g.lineWidth = w;
    g.beginPath();
    g.arc(c, c, r, 0, 2 * Math.PI);
    g.stroke();
  }
  arcText(g, name.toUpperCase(), c, c - 40, -Math.PI / 2, 22);
  arcText(g, `NOTARY PUBLIC * STATE OF ${state.toUpperCase()}`, c, c - 40, Math.PI / 2, 15, true);
  g.textAlign = 'center';
  g.font = 'bold 15px "DejaVu Serif", serif';
  g.fillText('COMM. NO.', c, c - 22);
  g.font = 'bold 19px "DejaVu Sans Mono", monospace';
  g.fillText(number, c, c + 2);
  g.font = '12px "DejaVu Sans", sans-serif';
  g.fillText('MY COMMISSION EXPIRES', c, c + 24);
  g.font = 'bold 13px "DejaVu Sans", sans-serif';
  g.fillText(expires.toUpperCase(), c, c + 42);
  return canvas.toBuffer('image/png');
}

/** The signature on file, a PNG of the same hand the documents draw. */
export function signaturePng(name: string): Uint8Array {
  const canvas = createCanvas(480, 120);
  const g = canvas.getContext('2d');
  g.translate(24, 24);
  g.scale(2, 2);
  g.strokeStyle = INK;
  g.lineWidth = 1.3;
  g.lineCap = 'round';
  g.stroke(new Path2D(signaturePath(name)));
  return canvas.toBuffer('image/png');
}

type Ctx = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/** Text along a circle, centred at `at` (radians; -pi/2 is the top), read left to right. */
function arcText(
  g: Ctx,
  text: string,
  c: number,
  r: number,
  at: number,
  px: number,
  below = false,
) {
  g.font = `bold ${px}px "DejaVu Sans", sans-serif`;
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  const widths = [...text].map((ch) => g.measureText(ch).width + 0.5);
  const total = widths.reduce((a, b) => a + b, 0);
  // Long names are squeezed to the upper half of the ring.
  const span = Math.min(total / r, Math.PI * 0.95);
  const k = span / total;
  let angle = below ? at + span / 2 : at - span / 2;
  for (const [i, ch] of [...text].entries()) {
    const step = (widths[i] ?? 0) * k;
    const mid = below ? angle - step / 2 : angle + step / 2;
    g.save();
    g.translate(c + r * Math.cos(mid), c + r * Math.sin(mid));
    g.rotate(below ? mid - Math.PI / 2 : mid + Math.PI / 2);
    g.fillText(ch, 0, 0);
    g.restore();
    angle = below ? angle - step : angle + step;
  }
}
