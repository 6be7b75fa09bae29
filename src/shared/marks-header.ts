import type { DecisionMarks } from '../contract/findings.ts';

// The `Attest-Marks` header (ADR 029): a decision's marks beside the spec's PATCH body, as
// base64url (no padding) of their JSON in UTF-8. The console writes it; the gateway reads it
// and checks it against contract/findings.ts's DecisionMarksSchema.

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** The header's value for `marks`. */
export function encodeMarksHeader(marks: DecisionMarks): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(marks)));
}

/**
 * The JSON a header's value carries, unchecked (the caller parses it with the schema);
 * undefined when it is not base64url of JSON in UTF-8.
 */
export function decodeMarksHeader(value: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return undefined;
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
