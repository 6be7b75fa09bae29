import { GatewayError, UNREACHABLE } from './errors.ts';
import type { SessionRecord, SessionStore } from './sessions.ts';
import type { TokenExchange, Upstream } from './upstream.ts';

/** A token is used until this long before it expires, so it never expires in flight. */
export const TOKEN_BUFFER_MS = 60_000;

export type TokenManager = ReturnType<typeof createTokenManager>;

export function tokenExpiry(now: number, expiresIn: number): number {
  return now + Math.max(expiresIn * 1000 - TOKEN_BUFFER_MS, 0);
}

/**
 * Each session's access token: cached until shortly before `expires_in`, and fetched with
 * one upstream request however many calls need it at once (one promise per session).
 */
export function createTokenManager(
  sessions: SessionStore,
  upstream: Upstream,
  now: () => number,
  log: (message: string, detail?: unknown) => void,
  endSession: (idHash: string) => void,
) {
  const inFlight = new Map<string, Promise<string>>();

  function fetchToken(session: SessionRecord): Promise<string> {
    const running = inFlight.get(session.idHash);
    if (running) return running;
    const flight = (async () => {
      const secret = sessions.clientSecret(session.idHash);
      if (secret === null) throw new GatewayError(401, 'the session has ended');
      const result: TokenExchange = await upstream.exchange(session.clientId, secret);
      if (result.ok) {
        const cached = { token: result.token, expiresAt: tokenExpiry(now(), result.expiresIn) };
        sessions.saveToken(session.idHash, cached);
        return cached.token;
      }
      if (result.reason === 'unreachable') throw new GatewayError(502, UNREACHABLE);
      // The credentials were revoked or rotated: this session can never work again.
      log(`session of ${session.clientId} ended: token refused (${result.detail})`);
      endSession(session.idHash);
      throw new GatewayError(401, 'the service no longer accepts these credentials: sign in again');
    })().finally(() => inFlight.delete(session.idHash));
    inFlight.set(session.idHash, flight);
    return flight;
  }

  return {
    /** A token that is valid for at least TOKEN_BUFFER_MS more. */
    async token(session: SessionRecord): Promise<string> {
      // Read afresh rather than from the request's snapshot: another request may have
      // refreshed it meanwhile.
      const cached = sessions.cachedToken(session.idHash);
      if (cached && now() < cached.expiresAt) return cached.token;
      return fetchToken(session);
    },

    /** After the upstream refused `stale`: a new token, shared by every caller that saw it fail. */
    async refresh(session: SessionRecord, stale: string): Promise<string> {
      const running = inFlight.get(session.idHash);
      if (running) return running;
      const cached = sessions.cachedToken(session.idHash);
      if (cached && cached.token !== stale && now() < cached.expiresAt) return cached.token;
      return fetchToken(session);
    },
  };
}
