import type fc from 'fast-check';
import type { Caller, Owner } from './world.ts';

/** A request as generated: everything but what `prepare` fills in when it is sent. */
export interface FuzzRequest {
  caller: Caller;
  method: string;
  /** Path and query as they go on the wire (already percent-encoded). */
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: Body;
  /** Generated to be accepted (the rest are generated to be refused, mostly). */
  valid: boolean;
  /** Something to set up right before sending (an uploaded file's key, a fresh upload slot). */
  prepare?: Prepared;
}

export type Body = string | { base64: string } | { hugeJson: number };

/** Requests generated to be accepted, and requests that mostly are not. */
export interface Requests {
  valid: fc.Arbitrary<FuzzRequest>;
  hostile: fc.Arbitrary<FuzzRequest>;
}

/** Stands for the key of a freshly uploaded PDF in a body, until `prepare` makes one. */
export const PREPARED_KEY = 'fuzz-prepared-key';

export interface Route {
  method: string;
  path: string;
  key: string;
}

// The storage routes' requests are made when sent (a fresh upload slot, a presigned URL):
// these describe what to make (bucket.ts generates them, send.ts makes them).

export const UPLOAD_EDITS = [
  'none',
  'drop-key',
  'drop-policy',
  'drop-signature',
  'bad-signature',
  'other-key',
  'tamper-policy',
  'file-first',
  'no-file',
  'file-as-text',
  'extra-field',
  'duplicate-file',
  'empty-values',
  'reuse',
] as const;
export const FRAMINGS = [
  'ok',
  'no-boundary',
  'wrong-boundary',
  'truncated',
  'no-final-boundary',
  'lf-only',
  'empty-body',
  'not-multipart',
  'garbage',
] as const;
export const BYTES = ['pdf', 'png', 'jpeg', 'empty', 'text', 'big-png'] as const;
export const PUT_EDITS = [
  'none',
  'drop-policy',
  'drop-signature',
  'bad-signature',
  'other-key',
  'tamper-policy',
  'hostile-key',
  'reuse',
] as const;

export type Prepared =
  | { kind: 'file-key'; owner: Owner }
  | {
      kind: 'upload';
      owner: Owner;
      slot: 'file' | 'signature';
      edit: (typeof UPLOAD_EDITS)[number];
      framing: (typeof FRAMINGS)[number];
      bytes: (typeof BYTES)[number];
      filename: string;
      field: string;
    }
  | {
      kind: 'put';
      owner: Owner;
      edit: (typeof PUT_EDITS)[number];
      bytes: (typeof BYTES)[number];
      raw: string;
    }
  | {
      kind: 'blob';
      owner: Owner;
      pick: number;
      key: string | null;
      expires: string | null;
      signature: string | null;
    };
