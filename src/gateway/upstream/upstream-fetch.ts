import { Agent } from 'undici';

/** How long the gateway waits for the upstream before it answers 504 (ADR 011). */
export interface UpstreamTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectMs: number;
  /** From the request sent (a streamed body included) to the response's headers. */
  headersMs: number;
}

export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = { connectMs: 5_000, headersMs: 15_000 };

export const TIMED_OUT = 'the service did not answer in time';

export interface UpstreamFetch {
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * `fetchImpl` with bounded connect and header waits. An undici Agent (the library Node's fetch
 * is built on) rather than an AbortSignal timer: its header timer starts once the request body
 * has been sent and stops when the headers arrive, so neither a slow upload nor a long download
 * is cut, and the connect timeout is its own.
 */
export function createUpstreamFetch(
  fetchImpl: typeof fetch,
  timeouts: UpstreamTimeouts,
): UpstreamFetch {
  const agent = new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
  });
  return {
    fetch: (input, init) => {
      // Node's fetch takes undici's `dispatcher`; the DOM's RequestInit does not name it.
      const withAgent: RequestInit & { dispatcher: Agent } = { ...init, dispatcher: agent };
      return fetchImpl(input, withAgent);
    },
    close: () => agent.destroy(),
  };
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);

/** Whether a failed fetch gave up waiting for the upstream, rather than being refused. */
export function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // AbortSignal.timeout's reason, for the calls that also bound their whole exchange.
  if (error.name === 'TimeoutError') return true;
  const cause: unknown = error.cause;
  return (
    typeof cause === 'object' &&
    cause !== null &&
    'code' in cause &&
    TIMEOUT_CODES.has(String(cause.code))
  );
}
