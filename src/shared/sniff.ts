import type { SniffedType } from '../contract/file-types.ts';

// File types are decided by content (magic bytes), never by name or declared type.
export function sniff(bytes: Uint8Array): SniffedType | null {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}
