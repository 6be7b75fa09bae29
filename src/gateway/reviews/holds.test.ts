import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { forPostgres, MIGRATIONS } from '../db/migrations.ts';
import { openGatewayDatabase, type DatabaseOptions } from '../db/open.ts';
import { testDatabase } from '../testing/database.ts';
import { createHoldStore } from './holds.ts';

// The migration that gave ADR 020's holds their name (the table was qc_claims): a hold taken
// before it is still held afterwards, by the same person since the same time, on either engine.

const feed = { environment: 'production' as const, owner: 'acme' };
/** How many migrations an older gateway had applied: all before the rename. */
const BEFORE = MIGRATIONS.findIndex((text) => text.includes('RENAME TO qc_holds'));
const OLD_HOLD = `INSERT INTO qc_claims
  (environment, owner, request_id, holder_id, holder_name, claimed_at, expires_at)
  VALUES ('production', 'acme', 'r1', 'u-1', 'Riley', 1000, 4000)`;

/** A database as a gateway before the rename left it, holding one hold; its options to open. */
async function oldDatabase(dir: string): Promise<DatabaseOptions> {
  const log = () => undefined;
  const postgres = testDatabase();
  if (!postgres) {
    const db = new DatabaseSync(join(dir, 'gateway.db'));
    for (const text of MIGRATIONS.slice(0, BEFORE)) db.exec(text);
    db.exec(`PRAGMA user_version = ${BEFORE}`);
    db.exec(OLD_HOLD);
    db.close();
    return { dataDir: dir, log };
  }
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${postgres.schema}`);
    await client.query(`SET search_path TO ${postgres.schema}`);
    await client.query('CREATE TABLE gateway_schema (version INTEGER NOT NULL)');
    await client.query(`INSERT INTO gateway_schema (version) VALUES (${BEFORE})`);
    for (const text of MIGRATIONS.slice(0, BEFORE)) await client.query(forPostgres(text));
    await client.query(OLD_HOLD);
  } finally {
    await client.end();
  }
  return { dataDir: null, ...postgres, log };
}

describe('the holds table, renamed from qc_claims', () => {
  it('keeps a hold taken before the rename, and renews it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'attest-gateway-db-'));
    try {
      const db = await openGatewayDatabase(await oldDatabase(dir));
      try {
        const holds = createHoldStore(db.sql, () => 2000);
        const held = {
          requestId: 'r1',
          holder: { id: 'u-1', name: 'Riley' },
          heldSince: new Date(1000).toISOString(),
          expiresOn: new Date(4000).toISOString(),
        };
        expect(await holds.list(feed)).toEqual([held]);
        const renewed = await holds.take(feed, 'r1', held.holder);
        expect(renewed).toMatchObject({
          kind: 'granted',
          fresh: false,
          hold: { heldSince: held.heldSince },
        });
        expect(await holds.releaseAll(feed, 'u-1')).toEqual(['r1']);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a hold contended past every try', () => {
  it('is the caller’s when the caller holds it, and another’s hold otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'attest-gateway-db-'));
    try {
      const db = await openGatewayDatabase({ dataDir: dir, ...testDatabase(dir), log: () => {} });
      try {
        const riley = { id: 'u-1', name: 'Riley' };
        const alex = { id: 'u-2', name: 'Alex' };
        expect(await createHoldStore(db.sql, () => 1000).take(feed, 'r2', riley)).toMatchObject({
          kind: 'granted',
          fresh: true,
        });
        // Every write loses its race (other processes' calls for the same request, at once).
        const contended = createHoldStore(
          {
            ...db.sql,
            all: (text, params) =>
              /INSERT INTO qc_holds/.test(text) ? Promise.resolve([]) : db.sql.all(text, params),
          },
          () => 2000,
        );
        expect(await contended.take(feed, 'r2', riley)).toMatchObject({
          kind: 'granted',
          fresh: false,
          hold: { holder: riley },
        });
        expect(await contended.take(feed, 'r2', alex, true)).toMatchObject({
          kind: 'held',
          hold: { holder: riley },
        });
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
