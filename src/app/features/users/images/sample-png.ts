import { crc32, deflateSync } from 'node:zlib';

// Test images for the end-to-end specs, made in Node so a test controls every pixel: a
// seal ring or a signature stroke on a transparent (or white) ground.

export interface SamplePngOptions {
  width: number;
  height: number;
  shape: 'seal' | 'signature';
  /** White ground instead of transparent. */
  opaque?: boolean;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function inked(shape: SamplePngOptions['shape'], x: number, y: number, w: number, h: number) {
  if (shape === 'seal') {
    const r = Math.hypot(x - w / 2, y - h / 2) / (Math.min(w, h) / 2);
    return (r > 0.8 && r < 0.95) || (r > 0.6 && r < 0.65) || Math.abs(y - h / 2) < h * 0.03;
  }
  const curve = h / 2 + (h / 4) * Math.sin((x / w) * Math.PI * 5);
  return Math.abs(y - curve) < Math.max(2, h * 0.03) && x > w * 0.05 && x < w * 0.95;
}

/** An RGBA PNG (colour type 6), uncompressed filters. */
export function samplePng({ width, height, shape, opaque = false }: SamplePngOptions): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const at = 1 + x * 4;
      if (inked(shape, x, y, width, height)) row.set([24, 56, 160, 255], at);
      else if (opaque) row.set([255, 255, 255, 255], at);
      // else: transparent black (all zero)
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
