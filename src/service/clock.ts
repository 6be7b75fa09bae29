/**
 * The service's notion of now. Everything time-dependent (token expiry, presigned URL
 * expiry, webhook retries) reads this clock, so the sandbox can advance it and tests can
 * check expiry without waiting.
 */
export interface Clock {
  now(): Date;
  nowSeconds(): number;
  advance(ms: number): void;
  readonly offsetMs: number;
}

export function createClock(start?: Date): Clock {
  let offsetMs = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    nowSeconds: () => Math.floor((Date.now() + offsetMs) / 1000),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offsetMs += ms;
    },
    get offsetMs() {
      return offsetMs;
    },
  };
}
