/**
 * The service's notion of now. Everything time-dependent (token expiry, presigned URL
 * expiry, webhook retries) reads this clock, so the sandbox can advance it and tests can
 * check expiry without waiting. There is one clock for the whole service, not one per owner.
 */
export interface Clock {
  now(): Date;
  nowSeconds(): number;
  advance(ms: number): void;
  readonly offsetMs: number;
}

export interface ClockOptions {
  /** How far ahead of the wall clock it starts (an offset restored from the store). */
  offsetMs?: number;
  /** Keeps a new offset before an advance takes effect; a throw cancels the advance. */
  persist?: (offsetMs: number) => void;
}

/** A clock at `start`, or ahead of the wall clock by `offsetMs`; at the wall clock by default. */
export function createClock(start?: Date | ClockOptions): Clock {
  const options = start instanceof Date ? {} : (start ?? {});
  let offsetMs = start instanceof Date ? start.getTime() - Date.now() : (options.offsetMs ?? 0);
  return {
    now: () => new Date(Date.now() + offsetMs),
    nowSeconds: () => Math.floor((Date.now() + offsetMs) / 1000),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      options.persist?.(offsetMs + ms);
      offsetMs += ms;
    },
    get offsetMs() {
      return offsetMs;
    },
  };
}
