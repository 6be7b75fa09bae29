import { GatewayError, UNREACHABLE } from '../errors.ts';
import type { SessionRecord, SessionStore } from './sessions.ts';
import { TIMED_OUT } from '../upstream/upstream-fetch.ts';
import type { TokenExchange, Upstream } from '../upstream/upstream.ts';

/** A token is used until this long before it expires, so it never expires in flight. */
export const TOKEN_BUFFER_MS = 60_000;

/**
 * The spec answers both "this token is no good" and "this client may not do that" with 401.
 * A token this young cannot have expired, so its 401 is the refusal it says: no new token
 * (ADR 011: 50 refused calls minted 50 tokens). Past it a 401 may mean a revoked token, and
 * one refresh finds out. A revocation (or a user deactivated) within the window is noticed at
 * the first 401 after it; until then the upstream refuses every call anyway.
 */
export const REFRESH_WINDOW_MS = 30_000;

export type TokenManager = ReturnType<typeof createTokenManager>;

export function tokenExpiry(now: number, expiresIn: number): number {
  return now + Math.max(expiresIn * 1000 - TOKEN_BUFFER_MS, 0);
}

/**
 * Each session's access token: cached until shortly before `expires_in`, and fetched with
 * one upstream request however many calls need it at once (one promise per session).
 * A session whose credentials the token endpoint refuses ends.
 */
export function createTokenManager(
  sessions: SessionStore,
  /** The session's environment's service (ADR 015): a token never comes from the other. */
  upstreamOf: (session: SessionRecord) => Upstream,
  now: () => number,
  log: (message: string, detail?: unknown) => void,
  endSession: (idHash: string) => Promise<void>,
) {
  const inFlight = new Map<string, Promise<string>>();
  // When each session's current token was obtained, for the ones obtained within the window;
  // a sign-in's token is the session's createdAt. In memory: a restart allows one refresh more.
  const obtainedAt = new Map<string, number>();

  function noteObtained(idHash: string) {
    const at = now();
    for (const [id, when] of obtainedAt) if (at - when >= REFRESH_WINDOW_MS) obtainedAt.delete(id);
    obtainedAt.set(idHash, at);
  }

  /**
   * A new token, one request for every caller at once. `seen` is the token the caller found
   * wanting (expired, or refused): a caller that read the session before another's request
   * had stored its new token, and asks once that request is over, gets the stored one rather
   * than a second request (on PostgreSQL that read is a query, and a busy machine stretches
   * it past the other's whole exchange).
   */
  function fetchToken(session: SessionRecord, seen: string | undefined): Promise<string> {
    const running = inFlight.get(session.idHash);
    if (running) return running;
    const flight = (async () => {
      const stored = await sessions.cachedToken(session.idHash);
      if (stored && stored.token !== seen && now() < stored.expiresAt) return stored.token;
      const secret = await sessions.clientSecret(session.idHash);
      if (secret === null) throw new GatewayError(401, 'the session has ended');
      const result: TokenExchange = await upstreamOf(session).exchange(session.clientId, secret);
      if (result.ok) {
        const cached = { token: result.token, expiresAt: tokenExpiry(now(), result.expiresIn) };
        await sessions.saveToken(session.idHash, cached);
        noteObtained(session.idHash);
        return cached.token;
      }
      if (result.reason === 'unreachable') throw new GatewayError(502, UNREACHABLE);
      if (result.reason === 'timeout') throw new GatewayError(504, TIMED_OUT);
      // The credentials were revoked or rotated: this session can never work again.
      log(`session of ${session.clientId} ended: token refused (${result.detail})`);
      await endSession(session.idHash);
      throw new GatewayError(401, 'the service no longer accepts these credentials: sign in again');
    })().finally(() => inFlight.delete(session.idHash));
    inFlight.set(session.idHash, flight);
    return flight;
  }

  return {
    /** A token that is valid for at least TOKEN_BUFFER_MS more. */
    async token(session: SessionRecord): Promise<string> {
      // As the request's own read of its session found it, when that was a moment ago: a
      // token valid then is valid now, though another request may have a newer one. A 401
      // on it reads afresh (refresh).
      const cached = await sessions.cachedToken(session.idHash, session);
      if (cached && now() < cached.expiresAt) return cached.token;
      return fetchToken(session, cached?.token);
    },

    /**
     * After the upstream answered 401 to `stale`: the token to try once more with (a newer one
     * another request already has, or one fresh token shared by every caller that saw it
     * fail), or null when `stale` is too young to be the reason and the 401 is the answer.
     */
    async refresh(session: SessionRecord, stale: string): Promise<string | null> {
      const running = inFlight.get(session.idHash);
      if (running) return running;
      const cached = await sessions.cachedToken(session.idHash);
      if (cached && cached.token !== stale && now() < cached.expiresAt) return cached.token;
      const obtained = Math.max(obtainedAt.get(session.idHash) ?? 0, session.createdAt);
      if (now() - obtained < REFRESH_WINDOW_MS) return null;
      return fetchToken(session, stale);
    },
  };
}
