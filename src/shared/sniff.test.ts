import { describe, expect, it } from 'vitest';
import { sniff } from './sniff.ts';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('sniff', () => {
  it('names a PDF, a PNG and a JPEG by their first bytes', () => {
    expect(sniff(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
  });

  it('names nothing else, however short or close', () => {
    for (const other of [
      bytes(),
      new TextEncoder().encode('%PDF'),
      new TextEncoder().encode('GIF89a'),
      bytes(0x89, 0x50, 0x4e, 0x47),
      bytes(0xff, 0xd8),
    ]) {
      expect(sniff(other)).toBeNull();
    }
  });
});
