import { hash } from './affidavit-text.ts';

// Handwriting for the demo documents: cursive-looking loops and waves shaped by a person's
// letters, then an underline flourish. SVG coordinates: y grows downwards and the baseline sits
// at y = 34; a signature is at most about 44 points tall, flourish included.
export function signaturePath(name: string): string {
  const letters =
    name
      .replace(/[^A-Za-z ]/g, '')
      .trim()
      .slice(0, 14) || 'X';
  let h = hash(name);
  const rnd = () => ((h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0) % 1000) / 1000;
  const base = 34;
  const p = (x: number, y: number) => `${(x + (base - y) * 0.3).toFixed(1)} ${y.toFixed(1)}`; // slant
  let x = 0;
  let d = `M ${p(0, base)}`;
  for (const [i, ch] of [...letters].entries()) {
    if (ch === ' ') {
      x += 5;
      d += ` M ${p(x, base - 2)}`;
      continue;
    }
    const tall = /[A-Zbdfhklt]/.test(ch);
    const ht = (tall ? 20 + (i === 0 ? 8 : 0) : 8) + rnd() * 6;
    const w = (tall ? 8 : 6) + rnd() * 5;
    const y = base - ht;
    if (tall || /[aeos]/.test(ch)) {
      // A loop: rise to the right, turn over the top, fall back and run on.
      d += ` C ${p(x + w, base - ht * 0.3)} ${p(x + w * 1.1, y)} ${p(x + w * 0.55, y)}`;
      d += ` C ${p(x, y)} ${p(x + w * 0.2, base)} ${p(x + w * 1.2, base + rnd() * 2)}`;
    } else {
      // A hump (n, m, r) or a cup (u, v, w): a wave without a loop.
      const top = /[uvwy]/.test(ch) ? base : y;
      d += ` C ${p(x + w * 0.2, y)} ${p(x + w * 0.8, top)} ${p(x + w, base + rnd() * 2)}`;
    }
    x += tall ? w * 1.2 : w;
  }
  const flourish = `C ${p(x * 0.3, base + 2)} ${p(x * 0.7, base + 9)} ${p(x + 12, base + 3)}`;
  return `${d} M ${p(-6, base + 6)} ${flourish}`;
}
