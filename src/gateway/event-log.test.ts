import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createEventLog, type Delivery } from './event-log.ts';
import { openGatewayDb } from './store.ts';

let n = 0;
function delivery(owner: string, hookId = `msg_${(n += 1)}`): Delivery {
  return {
    hookId,
    owner,
    type: 'DOCUMENT_READY',
    receivedOn: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    payload: { n },
  };
}

describe('the event log', () => {
  it('keeps refused deliveries apart: a flood of them leaves every verified one listed', () => {
    const log = createEventLog(openGatewayDb(null), { perOwner: 5, owners: 10 });
    const verified = [1, 2, 3].map(() => log.recordVerified(delivery('acme'))?.hookId);
    for (let i = 0; i < 40; i += 1) log.recordRefused(delivery('acme'));
    expect(log.recent('acme').map((e) => e.hookId)).toEqual(verified.reverse());
    const refused = log.refused('acme');
    expect(refused).toHaveLength(5);
    expect(refused.every((e) => !e.verified)).toBe(true);
    // The ring keeps the latest, newest first.
    expect(refused.map((e) => e.seq)).toEqual([...refused.map((e) => e.seq)].sort((a, b) => b - a));
    expect(refused[0]?.payload).toEqual({ n });
  });

  it('starts no more rings than its limit; owners with a ring keep theirs', () => {
    const log = createEventLog(openGatewayDb(null), { perOwner: 3, owners: 2 });
    expect(log.recordRefused(delivery('acme'))).not.toBeNull();
    expect(log.recordRefused(delivery('globex'))).not.toBeNull();
    expect(log.recordRefused(delivery('invented-1'))).toBeNull();
    expect(log.refused('invented-1')).toEqual([]);
    expect(log.recordRefused(delivery('acme'))).not.toBeNull();
    expect(log.refused('acme')).toHaveLength(2);
  });

  it('de-duplicates verified deliveries on hook-id, never refused ones', () => {
    const log = createEventLog(openGatewayDb(null));
    expect(log.recordVerified(delivery('acme', 'msg_same'))).not.toBeNull();
    expect(log.recordVerified(delivery('acme', 'msg_same'))).toBeNull();
    expect(log.recordRefused(delivery('acme', 'msg_same'))).not.toBeNull();
    expect(log.recordRefused(delivery('acme', 'msg_same'))).not.toBeNull();
    expect(log.recent('acme')).toHaveLength(1);
    expect(log.refused('acme')).toHaveLength(2);
  });

  it('knows an owner from a verified delivery or a console session, never from a refused one', () => {
    const db = openGatewayDb(null);
    const log = createEventLog(db);
    log.recordRefused(delivery('invented'));
    expect(log.isKnownOwner('invented')).toBe(false);
    log.recordVerified(delivery('acme'));
    expect(log.isKnownOwner('acme')).toBe(true);
    db.prepare(
      `INSERT INTO sessions (id_hash, client_id, secret, owner, permissions, created_at, last_seen_at)
       VALUES ('h', 'globex-admin', 's', 'globex', '[]', 0, 0)`,
    ).run();
    expect(log.isKnownOwner('globex')).toBe(true);
  });
});

describe('gateway.db migration 2', () => {
  it('drops the refused deliveries kept under the old global bound, and keeps verified ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'attest-gateway-db-'));
    try {
      // A version-1 database, as the gateway before issue 13 left it.
      const old = openGatewayDb(dir);
      old.exec('PRAGMA user_version = 1; DROP INDEX received_events_refused;');
      const insert = old.prepare(
        `INSERT INTO received_events (hook_id, owner, type, verified, received_on, payload)
         VALUES (?, ?, 'DOCUMENT_READY', ?, '2026-01-01T00:00:00.000Z', '{}')`,
      );
      insert.run('msg_real', 'acme', 1);
      for (let i = 0; i < 30; i += 1) insert.run(`msg_forged_${i}`, `invented-${i}`, 0);
      old.close();

      const db = openGatewayDb(dir);
      expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 2 });
      const log = createEventLog(db);
      expect(log.recent('acme').map((e) => e.hookId)).toEqual(['msg_real']);
      expect(log.refused('invented-0')).toEqual([]);
      db.close();
      // On disk: the verified delivery alone.
      const again = new DatabaseSync(join(dir, 'gateway.db'));
      expect(again.prepare('SELECT COUNT(*) AS n FROM received_events').get()).toEqual({ n: 1 });
      again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
