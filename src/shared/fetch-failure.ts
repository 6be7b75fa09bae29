// A failed fetch as one line for a log or a delivery record. The gateway's proxy, its notice
// sender and the service's webhook deliveries all describe what undici threw the same way.

/** undici says "fetch failed" and puts the reason (ECONNREFUSED, a reset, …) in its cause. */
export function describeFetchFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/**
 * A webhook attempt's failure, kept to 500 characters: a timeout (`AbortSignal.timeout`) says
 * how long it waited, anything else is described as above.
 */
export function describeSendFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  return describeFetchFailure(error).slice(0, 500);
}
