import { describe, expect, it } from 'vitest';
import type { Upstream } from '../upstream/upstream.ts';
import type { CachedToken, SessionRecord, SessionStore } from './sessions.ts';
import { REFRESH_WINDOW_MS, createTokenManager } from './tokens.ts';

// The token manager alone, over a session store whose reads the test holds: the order of
// two callers' steps is the test's, not the machine's (token-refresh.test.ts and proxy.test.ts
// show the same over real HTTP, where a busy machine decides it).

function setup() {
  let stored: CachedToken = { token: 'expired', expiresAt: 0 };
  const held: (() => void)[] = [];
  let holdNextRead = false;
  const sessions = {
    /** The token as stored when read; the answer held back when the test says so. */
    async cachedToken() {
      const read = { ...stored };
      if (holdNextRead) {
        holdNextRead = false;
        await new Promise<void>((resolve) => held.push(resolve));
      }
      return read;
    },
    async saveToken(_idHash: string, token: CachedToken) {
      stored = token;
    },
    clientSecret: async () => 'secret',
  };
  let exchanges = 0;
  let clock = 1_000_000;
  const upstream = {
    exchange: async () => ({
      ok: true as const,
      token: `new-${(exchanges += 1)}`,
      expiresIn: 3600,
    }),
  };
  const tokens = createTokenManager(
    sessions as unknown as SessionStore,
    () => upstream as unknown as Upstream,
    () => clock,
    () => {},
    async () => {},
  );
  const session = { idHash: 'h', clientId: 'acme-reviewer', createdAt: 0 } as SessionRecord;
  return {
    tokens,
    session,
    exchanges: () => exchanges,
    holdNextRead: () => (holdNextRead = true),
    advance: (ms: number) => (clock += ms),
    release: () => held.splice(0).forEach((go) => go()),
  };
}

describe('the token manager', () => {
  it('gives a caller that read the session before a new token was stored that token, without a second exchange', async () => {
    const t = setup();
    t.holdNextRead();
    // It reads the expired token, and is held there while another caller's exchange ends.
    const late = t.tokens.token(t.session);
    expect(await t.tokens.token(t.session)).toBe('new-1');
    t.release();
    expect(await late).toBe('new-1');
    expect(t.exchanges()).toBe(1);
  });

  it('exchanges again for a refused token that has not expired, the one stored', async () => {
    const t = setup();
    expect(await t.tokens.token(t.session)).toBe('new-1');
    // Past the window in which a 401 to a new token is taken as a refusal.
    t.advance(REFRESH_WINDOW_MS);
    expect(await t.tokens.refresh(t.session, 'new-1')).toBe('new-2');
    expect(t.exchanges()).toBe(2);
  });
});
