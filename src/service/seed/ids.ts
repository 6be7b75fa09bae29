import { createHash } from 'node:crypto';

/**
 * Deterministic UUIDs for seeded records: the same name always gives the same id, however
 * the seed code is reordered, so docs and tests can rely on them.
 */
export function demoId(...parts: (string | number)[]): string {
  const hex = createHash('sha256')
    .update(`attest-demo:${parts.join(':')}`)
    .digest('hex');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Demo data is dated relative to this fixed moment, so every seed is identical. */
export const DEMO_EPOCH = Date.parse('2026-11-01T09:00:00.000Z');

let epoch = DEMO_EPOCH;

/**
 * Dates the demo data relative to another moment. `npm start` passes the moment it starts,
 * so a fresh console shows a team whose last decisions were minutes ago (ADR 003); tests
 * keep DEMO_EPOCH. The same epoch still gives the same records and bytes.
 */
export function setDemoEpoch(ms: number): void {
  if (!Number.isFinite(ms)) throw new RangeError('the demo epoch must be a time');
  epoch = ms;
}

/** The moment the demo data is dated from, in ms. */
export const demoEpoch = () => epoch;

/** ISO timestamp `days` (fractional) before the demo epoch. */
export function daysAgo(days: number): string {
  return new Date(epoch - Math.round(days * 86_400_000)).toISOString();
}
