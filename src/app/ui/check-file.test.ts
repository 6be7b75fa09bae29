import { describe, expect, it } from 'vitest';
import { fileProblem } from './check-file.ts';

const PDF = Uint8Array.from('%PDF-1.7\n', (c) => c.charCodeAt(0));
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16);

const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);

describe('fileProblem', () => {
  it('accepts what the service accepts, by content', async () => {
    expect(await fileProblem(file(PDF, 'scan.pdf'), 'scan')).toBeNull();
    expect(await fileProblem(file(PNG, 'seal.png'), 'notarySeal')).toBeNull();
    expect(await fileProblem(file(JPEG, 'sig.jpg'), 'signature')).toBeNull();
  });

  it('refuses a renamed file whatever its extension says', async () => {
    expect(await fileProblem(file(PNG, 'scan.pdf'), 'scan')).toBe('“scan.pdf” is not a PDF.');
    expect(await fileProblem(file(PDF, 'seal.png'), 'notarySeal')).toBe(
      '“seal.png” is not a PNG or JPEG image.',
    );
  });

  it('refuses empty and oversized files before reading them', async () => {
    expect(await fileProblem(file(new Uint8Array(0), 'a.pdf'), 'scan')).toBe('“a.pdf” is empty.');
    const big = new File([PNG, new Uint8Array(5 * 1024 * 1024)], 'big.png');
    expect(await fileProblem(big, 'signature')).toBe('“big.png” is 5.0 MB; the limit is 5 MB.');
  });
});
