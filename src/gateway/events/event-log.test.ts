import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { Environment } from '../../contract/session.ts';
import { createEventLog, type Delivery, type Feed } from './event-log.ts';
import { loadSecretBox } from '../session/secret-box.ts';
import { createSessionStore } from '../session/sessions.ts';
import { MIGRATIONS } from '../db/migrations.ts';
import { openSqlite } from '../db/sqlite.ts';
import { freshDatabases, onPostgres } from '../testing/database.ts';

let n = 0;
function delivery(
  owner: string,
  hookId = `msg_${(n += 1)}`,
  environment: Environment = 'production',
): Delivery {
  return {
    hookId,
    environment,
    owner,
    type: 'DOCUMENT_READY',
    receivedOn: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    payload: { n },
  };
}

const prod = (owner: string): Feed => ({ environment: 'production', owner });
const staging = (owner: string): Feed => ({ environment: 'staging', owner });

const freshDb = freshDatabases();

describe('the event log', () => {
  it('keeps refused deliveries apart: a flood of them leaves every verified one listed', async () => {
    const log = createEventLog(await freshDb(), { perOwner: 5, owners: 10 });
    const verified: (string | undefined)[] = [];
    for (let i = 0; i < 3; i += 1)
      verified.push((await log.recordVerified(delivery('acme')))?.hookId);
    for (let i = 0; i < 40; i += 1) await log.recordRefused(delivery('acme'));
    expect((await log.recent(prod('acme'))).map((e) => e.hookId)).toEqual(verified.reverse());
    const refused = await log.refused(prod('acme'));
    expect(refused).toHaveLength(5);
    expect(refused.every((e) => !e.verified)).toBe(true);
    // The ring keeps the latest, newest first.
    expect(refused.map((e) => e.seq)).toEqual([...refused.map((e) => e.seq)].sort((a, b) => b - a));
    expect(refused[0]?.payload).toEqual({ n });
  });

  it('starts no more rings than its limit; owners with a ring keep theirs', async () => {
    const log = createEventLog(await freshDb(), { perOwner: 3, owners: 2 });
    expect(await log.recordRefused(delivery('acme'))).not.toBeNull();
    expect(await log.recordRefused(delivery('globex'))).not.toBeNull();
    expect(await log.recordRefused(delivery('invented-1'))).toBeNull();
    expect(await log.refused(prod('invented-1'))).toEqual([]);
    expect(await log.recordRefused(delivery('acme'))).not.toBeNull();
    expect(await log.refused(prod('acme'))).toHaveLength(2);
  });

  it('de-duplicates verified deliveries on hook-id, never refused ones', async () => {
    const log = createEventLog(await freshDb());
    expect(await log.recordVerified(delivery('acme', 'msg_same'))).not.toBeNull();
    expect(await log.recordVerified(delivery('acme', 'msg_same'))).toBeNull();
    expect(await log.recordRefused(delivery('acme', 'msg_same'))).not.toBeNull();
    expect(await log.recordRefused(delivery('acme', 'msg_same'))).not.toBeNull();
    expect(await log.recent(prod('acme'))).toHaveLength(1);
    expect(await log.refused(prod('acme'))).toHaveLength(2);
  });

  it('reads verified deliveries back by their numbers, for another process to stream', async () => {
    const log = createEventLog(await freshDb());
    const kept = await log.recordVerified(delivery('acme'));
    const refused = await log.recordRefused(delivery('acme'));
    const later = await log.recordVerified(delivery('acme'));
    expect(kept && later && (await log.byNumbers(prod('acme'), [later.seq, kept.seq]))).toEqual([
      kept,
      later,
    ]);
    expect(kept && (await log.byNumbers(prod('acme'), [kept.seq]))).toEqual([kept]);
    expect(kept && (await log.byNumbers(prod('globex'), [kept.seq]))).toEqual([]);
    expect(refused && (await log.byNumbers(prod('acme'), [refused.seq]))).toEqual([]);
  });

  it('knows an owner from a verified delivery or a console session, never from a refused one', async () => {
    const db = await freshDb();
    const log = createEventLog(db);
    await log.recordRefused(delivery('invented'));
    expect(await log.isKnownOwner(prod('invented'))).toBe(false);
    await log.recordVerified(delivery('acme'));
    expect(await log.isKnownOwner(prod('acme'))).toBe(true);
    await db.run(
      `INSERT INTO sessions (id_hash, client_id, secret, owner, permissions, created_at, last_seen_at)
       VALUES ('h', 'globex-admin', 's', 'globex', '[]', 0, 0)`,
    );
    expect(await log.isKnownOwner(prod('globex'))).toBe(true);
  });
});

/** A gateway.db as an older gateway left it: the first `version` migrations applied. */
function oldDb(dir: string, version: number): DatabaseSync {
  const db = new DatabaseSync(join(dir, 'gateway.db'));
  for (const sql of MIGRATIONS.slice(0, version)) db.exec(sql);
  db.exec(`PRAGMA user_version = ${version}`);
  return db;
}

async function inTempDir(run: (dir: string) => Promise<void>) {
  const dir = mkdtempSync(join(tmpdir(), 'attest-gateway-db-'));
  try {
    await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// gateway.db files as older gateways left them: SQLite's alone (PostgreSQL came with ADR 023).
const onSqlite = !onPostgres();

describe.runIf(onSqlite)('gateway.db migration 2', () => {
  it('drops the refused deliveries kept under the old global bound, and keeps verified ones', async () => {
    await inTempDir(async (dir) => {
      // A version-1 database, as the gateway before ADR 013 left it.
      const old = oldDb(dir, 1);
      const insert = old.prepare(
        `INSERT INTO received_events (hook_id, owner, type, verified, received_on, payload)
         VALUES (?, ?, 'DOCUMENT_READY', ?, '2026-01-01T00:00:00.000Z', '{}')`,
      );
      insert.run('msg_real', 'acme', 1);
      for (let i = 0; i < 30; i += 1) insert.run(`msg_forged_${i}`, `invented-${i}`, 0);
      old.close();

      const db = openSqlite(dir);
      expect(await db.get('PRAGMA user_version')).toEqual({ user_version: MIGRATIONS.length });
      const log = createEventLog(db);
      expect((await log.recent(prod('acme'))).map((e) => e.hookId)).toEqual(['msg_real']);
      expect(await log.refused(prod('invented-0'))).toEqual([]);
      await db.close();
      // On disk: the verified delivery alone.
      const again = new DatabaseSync(join(dir, 'gateway.db'));
      expect(again.prepare('SELECT COUNT(*) AS n FROM received_events').get()).toEqual({ n: 1 });
      again.close();
    });
  });
});

describe('staging beside production', () => {
  it('keeps the two feeds of one owner apart, hook-ids included', async () => {
    const db = await freshDb();
    const log = createEventLog(db, { perOwner: 5, owners: 10 });
    // Two services may number alike: the same hook-id in each is two deliveries.
    expect(await log.recordVerified(delivery('acme', 'msg_1', 'production'))).toMatchObject({
      environment: 'production',
    });
    expect(await log.recordVerified(delivery('acme', 'msg_1', 'staging'))).toMatchObject({
      environment: 'staging',
    });
    expect(await log.recordVerified(delivery('acme', 'msg_1', 'staging'))).toBeNull();
    await log.recordVerified(delivery('acme', 'msg_2', 'staging'));
    await log.recordRefused(delivery('acme', 'msg_x', 'staging'));
    expect((await log.recent(prod('acme'))).map((e) => e.hookId)).toEqual(['msg_1']);
    expect((await log.recent(staging('acme'))).map((e) => e.hookId)).toEqual(['msg_2', 'msg_1']);
    expect(await log.after(prod('acme'), 0)).toHaveLength(1);
    expect(await log.refused(prod('acme'))).toEqual([]);
    expect(await log.refused(staging('acme'))).toHaveLength(1);
    expect(await log.isKnownOwner(staging('acme'))).toBe(true);
    expect(await log.isKnownOwner(staging('globex'))).toBe(false);
    // Only the two environments there are.
    await expect(
      db.run(
        `INSERT INTO received_events (hook_id, environment, owner, type, verified,
           received_on, payload) VALUES ('m', 'uat', 'acme', 'X', 1, '', '{}')`,
      ),
    ).rejects.toThrow(/check constraint/i);
  });

  it.runIf(onSqlite)(
    'migration 3: existing sessions and deliveries become production, and still work',
    async () => {
      await inTempDir(async (dir) => {
        // A version-2 database, as the gateway before ADR 015 left it.
        const box = loadSecretBox(dir);
        const old = oldDb(dir, 2);
        old
          .prepare(
            `INSERT INTO sessions (id_hash, client_id, secret, owner, permissions, created_at,
             last_seen_at) VALUES ('h1', 'acme-admin', ?, 'acme', '[]', ?, ?)`,
          )
          .run(box.seal('acme-admin-secret', 'secret:h1'), Date.now(), Date.now());
        old
          .prepare(
            `INSERT INTO received_events (hook_id, owner, type, verified, received_on, payload)
           VALUES ('msg_old', 'acme', 'DOCUMENT_READY', 1, '2026-01-01T00:00:00.000Z', '{}')`,
          )
          .run();
        old.close();

        const db = openSqlite(dir);
        const sessions = createSessionStore(db, box, Date.now);
        expect(await sessions.get('h1')).toMatchObject({
          environment: 'production',
          owner: 'acme',
        });
        expect(await sessions.clientSecret('h1')).toBe('acme-admin-secret');
        const log = createEventLog(db);
        expect(await log.recent(prod('acme'))).toMatchObject([
          { hookId: 'msg_old', environment: 'production' },
        ]);
        expect(await log.recent(staging('acme'))).toEqual([]);
        expect(await log.isKnownOwner(prod('acme'))).toBe(true);
        // The old hook-id uniqueness is now per environment.
        expect(await log.recordVerified(delivery('acme', 'msg_old', 'staging'))).not.toBeNull();
        expect(await log.recordVerified(delivery('acme', 'msg_old', 'production'))).toBeNull();
        await db.close();
      });
    },
  );
});
