import type fc from 'fast-check';
import type { Prepared } from './fuzz-bucket.ts';
import type { Caller } from './fuzz-world.ts';

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
