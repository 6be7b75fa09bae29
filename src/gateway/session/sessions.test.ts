import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/sql.ts';
import { freshDatabases } from '../testing/database.ts';
import { secretBox } from './secret-box.ts';
import { createSessionStore, TOKEN_AS_READ_MS, TOUCH_EVERY_MS } from './sessions.ts';

// The session store over its real database (SQLite, and PostgreSQL in gateway-postgres), with
// the statements it sends counted: what a request costs the database.

const database = freshDatabases();

async function setup() {
  const sql = await database();
  const sent: string[] = [];
  const counted: Sql = {
    ...sql,
    all: (text, params) => (sent.push(text), sql.all(text, params)),
    get: (text, params) => (sent.push(text), sql.get(text, params)),
    run: (text, params) => (sent.push(text), sql.run(text, params)),
  };
  let clock = 1_000_000_000;
  const store = createSessionStore(counted, secretBox(randomBytes(32)), () => clock);
  const { id, session } = await store.create({
    environment: 'production',
    clientId: 'acme-reviewer',
    clientSecret: 'secret',
    owner: 'acme',
    user: null,
    permissions: [],
    token: { token: 'the-token', expiresAt: clock + 3_600_000 },
  });
  sent.length = 0;
  return { store, id, session, sent, advance: (ms: number) => (clock += ms) };
}

describe('a request read of its session', () => {
  it("gives the request's token without reading the row again, while the read is a moment old", async () => {
    const { store, id, sent, advance } = await setup();
    const read = await store.find(id);
    expect(sent).toHaveLength(1);
    expect(await store.cachedToken(read!.idHash, read!)).toEqual({
      token: 'the-token',
      expiresAt: expect.any(Number),
    });
    expect(sent).toHaveLength(1);
    // A session held longer (the checks') reads the row afresh.
    advance(TOKEN_AS_READ_MS);
    expect((await store.cachedToken(read!.idHash, read!))?.token).toBe('the-token');
    expect(sent).toHaveLength(2);
  });

  it('knows a token saved since only by reading again; a session ended meanwhile has none', async () => {
    const { store, id, session } = await setup();
    const read = await store.find(id);
    await store.saveToken(session.idHash, { token: 'newer', expiresAt: Number.MAX_SAFE_INTEGER });
    // The request's own read still stands for its call (the older token is valid)...
    expect((await store.cachedToken(session.idHash, read!))?.token).toBe('the-token');
    // ...and a read without it finds the newer one.
    expect((await store.cachedToken(session.idHash))?.token).toBe('newer');
    await store.remove(session.idHash);
    expect(await store.cachedToken(session.idHash)).toBeNull();
    expect(await store.find(id)).toBeNull();
  });

  it('writes activity at most once a minute', async () => {
    const { store, id, sent, advance } = await setup();
    const writes = () => sent.filter((text) => text.startsWith('UPDATE')).length;
    advance(1_000);
    await store.touch((await store.find(id))!);
    expect(writes()).toBe(0);
    advance(TOUCH_EVERY_MS);
    const touched = await store.touch((await store.find(id))!);
    expect(writes()).toBe(1);
    // The touched record keeps its read's token.
    const before = sent.length;
    expect((await store.cachedToken(touched.idHash, touched))?.token).toBe('the-token');
    expect(sent).toHaveLength(before);
  });
});
