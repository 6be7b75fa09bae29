import fc from 'fast-check';
import { DEMO_CLIENT_IDS } from '../../../contract/testing/fixtures.ts';
import type { Db } from '../../store/db.ts';

// What the fuzz generators draw on: the callers and the store's real ids, read when a
// request is generated (runs are sequential), so ids created or deleted by earlier runs,
// and webhook messages published by them, are drawn from too.

export const REAL_CALLERS = DEMO_CLIENT_IDS;
export type RealCaller = (typeof REAL_CALLERS)[number];

/** Authorization headers that are no caller's: absent, forged, malformed. */
export const FORGED_CALLERS = [
  'none',
  'altered',
  'garbage',
  'basic',
  'empty',
  'latin1',
  'long',
  'two',
] as const;
export type Caller = RealCaller | (typeof FORGED_CALLERS)[number];

export const OWNERS = ['acme', 'globex'] as const;
export type Owner = (typeof OWNERS)[number];
export const otherOwner = (owner: Owner): Owner => (owner === 'acme' ? 'globex' : 'acme');
export const adminOf = (owner: Owner): RealCaller =>
  owner === 'acme' ? 'acme-admin' : 'globex-admin';

export const isReal = (caller: Caller): caller is RealCaller =>
  (REAL_CALLERS as readonly string[]).includes(caller);

export const ownerOf = (caller: Caller): Owner => (caller.startsWith('globex') ? 'globex' : 'acme');

/** The table whose ids a path or body parameter names; undefined when unknown. */
const TABLE_OF: Record<string, string> = {
  accountId: 'accounts',
  entityId: 'entities',
  fileId: 'files',
  documentId: 'files',
  qcrID: 'qc_requests',
  qcpID: 'qc_processes',
  processId: 'qc_processes',
  checklistId: 'checklists',
  signatureRequestId: 'signature_requests',
  userId: 'users',
  reviewedBy: 'users',
  clientId: 'clients',
  firmId: 'firms',
  redactionId: 'redactions',
};
const ALL_TABLES = [...new Set(Object.values(TABLE_OF)), 'outbox'];

export function tableOf(path: string, param: string): string | undefined {
  if (param === 'id') {
    if (path.includes('/deliveries/')) return 'outbox';
    if (path.includes('/signature-requests/')) return 'signature_requests';
  }
  return TABLE_OF[param];
}

type Row = Record<string, unknown>;

export interface World {
  /** The service's base URL (scopes name it). */
  baseUrl: string;
  /** Rows of an owner's table (optionally narrowed by an SQL condition), oldest first. */
  rows(table: string, owner: Owner, where?: string): Row[];
  /** The user a demo client acts as; null for a machine client. */
  userOf(caller: RealCaller): string | null;
  /** Cursors from real first pages, by `${route key} ${owner}`. */
  cursors: Map<string, string>;
}

export function createWorld(db: Db, baseUrl: string): World {
  const users = new Map(
    (
      db.prepare('SELECT id, user_id FROM clients').all() as {
        id: string;
        user_id: string | null;
      }[]
    ).map((row) => [row.id, row.user_id]),
  );
  return {
    baseUrl,
    rows: (table, owner, where) =>
      db
        .prepare(
          `SELECT * FROM "${table}" WHERE owner = ?${where ? ` AND (${where})` : ''} ORDER BY rowid LIMIT 1000`,
        )
        .all(owner) as Row[],
    userOf: (caller) => users.get(caller) ?? null,
    cursors: new Map(),
  };
}

const FALLBACK_ID = '00000000-0000-4000-8000-000000000000';

/** A row of the owner's table, picked when the request is generated. */
export function rowOf(world: World, table: string, owner: Owner, where?: string) {
  return fc.nat().map((i): Row => {
    const rows = world.rows(table, owner, where);
    return rows[i % Math.max(rows.length, 1)] ?? { id: FALLBACK_ID };
  });
}

/** An id of the owner's table; for an unknown table, of any table the service keeps. */
export function idOf(world: World, table: string | undefined, owner: Owner): fc.Arbitrary<string> {
  if (!table) return fc.oneof(...ALL_TABLES.map((t) => idOf(world, t, owner)));
  return rowOf(world, table, owner).map((row) => String(row.id));
}

/** An id as an attacker would send it: the owner's, the other owner's, made up, or re-cased. */
export function anyIdOf(world: World, table: string | undefined, owner: Owner) {
  return fc.oneof(
    { weight: 3, arbitrary: idOf(world, table, owner) },
    { weight: 2, arbitrary: idOf(world, table, otherOwner(owner)) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: idOf(world, table, owner).map((id) => id.toUpperCase()) },
  );
}

/** camelCase parameter to the snake_case column that may hold it (accountId: account_id). */
export const columnOf = (param: string) => param.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Percent-encodes a string, lone surrogates as the (invalid) UTF-8 of a surrogate. */
export function encode(value: string): string {
  if (value.isWellFormed()) return encodeURIComponent(value);
  return [...value]
    .map((ch) =>
      ch.isWellFormed()
        ? encodeURIComponent(ch)
        : `%ED%${(0xa0 + ((ch.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (ch.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`,
    )
    .join('');
}
