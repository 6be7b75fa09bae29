// The interface's uploads: the file types it takes and each kind's limit (the service refuses
// the rest with 415 or 413; the console checks first). A file's type is decided by its content
// (magic bytes, src/shared/sniff.ts), never by its name or declared type.
export type SniffedType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** What each kind of upload accepts. */
export const UPLOAD_RULES = {
  scan: { types: ['application/pdf'], maxBytes: 25 * 1024 * 1024, label: 'a PDF' },
  file: { types: ['application/pdf'], maxBytes: 25 * 1024 * 1024, label: 'a PDF' },
  signature: {
    types: ['image/png', 'image/jpeg'],
    maxBytes: 5 * 1024 * 1024,
    label: 'a PNG or JPEG image',
  },
  notarySeal: {
    types: ['image/png', 'image/jpeg'],
    maxBytes: 5 * 1024 * 1024,
    label: 'a PNG or JPEG image',
  },
} as const satisfies Record<
  string,
  { types: readonly SniffedType[]; maxBytes: number; label: string }
>;
