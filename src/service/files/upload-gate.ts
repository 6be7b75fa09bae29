import { once } from '../../shared/once.ts';

/**
 * Admits at most `limit` uploads at once. The rest are turned away (503 with Retry-After)
 * rather than queued: a queue would hold their connections, and their bytes, just the same.
 * Only an upload whose signed policy has been verified enters (ADR 028): a stranger's
 * body, signed or not, must not take a notary's slot.
 */
export function uploadGate(limit: number) {
  let inFlight = 0;
  return {
    /** A function that leaves the gate (idempotent), or null when it is full. */
    enter(): (() => void) | null {
      if (inFlight >= limit) return null;
      inFlight += 1;
      return once(() => {
        inFlight -= 1;
      });
    },
  };
}
