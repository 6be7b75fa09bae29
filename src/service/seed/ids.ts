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

/** ISO timestamp `days` (fractional) before the demo epoch. */
export function daysAgo(days: number): string {
  return new Date(DEMO_EPOCH - Math.round(days * 86_400_000)).toISOString();
}
