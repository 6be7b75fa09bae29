import { createHash, randomBytes } from 'node:crypto';
import { z } from '../contract/zod.ts';
import {
  EnvironmentSchema,
  SessionUserSchema,
  type Environment,
  type SessionUser,
} from '../contract/session.ts';
import type { SecretBox } from './secret-box.ts';
import type { Db } from './store.ts';

/** A session ends after 8 hours without a request, and 24 hours after sign-in regardless. */
export const IDLE_MS = 8 * 3600_000;
export const ABSOLUTE_MS = 24 * 3600_000;

/** 32 random bytes as base64url: the cookie value. Only its SHA-256 is stored. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export interface SessionRecord {
  idHash: string;
  /** Whose service signed it in: its token and every call it makes stay there (issue 14). */
  environment: Environment;
  clientId: string;
  owner: string;
  user: SessionUser | null;
  /** Null when the token has no permissions claim (identity.ts). */
  permissions: string[] | null;
  createdAt: number;
  lastSeenAt: number;
}

export interface CachedToken {
  token: string;
  expiresAt: number;
}

export interface NewSession {
  environment: Environment;
  clientId: string;
  clientSecret: string;
  owner: string;
  user: SessionUser | null;
  permissions: string[] | null;
  token: CachedToken;
}

interface SessionRow {
  id_hash: string;
  environment: string;
  client_id: string;
  owner: string;
  user_json: string | null;
  permissions: string;
  created_at: number;
  last_seen_at: number;
}

const COLUMNS =
  'id_hash, environment, client_id, owner, user_json, permissions, created_at, last_seen_at';

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

export function expiresAt(session: SessionRecord): number {
  return Math.min(session.lastSeenAt + IDLE_MS, session.createdAt + ABSOLUTE_MS);
}

function toRecord(row: SessionRow): SessionRecord {
  return {
    idHash: row.id_hash,
    environment: EnvironmentSchema.parse(row.environment),
    clientId: row.client_id,
    owner: row.owner,
    user: row.user_json ? SessionUserSchema.parse(JSON.parse(row.user_json)) : null,
    permissions: z.nullable(z.array(z.string())).parse(JSON.parse(row.permissions)),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function createSessionStore(db: Db, box: SecretBox, now: () => number) {
  const seal = (value: string, idHash: string, what: string) =>
    box.seal(value, `${what}:${idHash}`);
  const open = (value: string, idHash: string, what: string) =>
    box.open(value, `${what}:${idHash}`);

  function remove(idHash: string): void {
    db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
  }

  return {
    /** Stores a new session; returns the raw id, which only the cookie carries. */
    create(input: NewSession): { id: string; session: SessionRecord } {
      const id = randomBytes(32).toString('base64url');
      const idHash = hashSessionId(id);
      const at = now();
      // Expired rows of anyone: a sign-in is a cheap moment to tidy up.
      db.prepare('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?').run(
        at - IDLE_MS,
        at - ABSOLUTE_MS,
      );
      db.prepare(
        `INSERT INTO sessions (id_hash, environment, client_id, secret, token, token_expires_at,
           owner, user_json, permissions, created_at, last_seen_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        idHash,
        input.environment,
        input.clientId,
        seal(input.clientSecret, idHash, 'secret'),
        seal(input.token.token, idHash, 'token'),
        input.token.expiresAt,
        input.owner,
        input.user ? JSON.stringify(input.user) : null,
        JSON.stringify(input.permissions),
        at,
        at,
      );
      const session = this.get(idHash);
      if (!session) throw new Error('session vanished after insert');
      return { id, session };
    },

    /** The live session of a cookie value, or null (an expired one is deleted). */
    find(id: string | undefined): SessionRecord | null {
      if (!id || !SESSION_ID.test(id)) return null;
      return this.get(hashSessionId(id));
    },

    get(idHash: string): SessionRecord | null {
      const row = db.prepare(`SELECT ${COLUMNS} FROM sessions WHERE id_hash = ?`).get(idHash) as
        SessionRow | undefined;
      if (!row) return null;
      const session = toRecord(row);
      if (now() >= expiresAt(session)) {
        remove(idHash);
        return null;
      }
      return session;
    },

    /** Marks activity: moves the idle deadline (never past the absolute one). */
    touch(session: SessionRecord): SessionRecord {
      const at = now();
      db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?').run(at, session.idHash);
      return { ...session, lastSeenAt: at };
    },

    clientSecret(idHash: string): string | null {
      const row = db.prepare('SELECT secret FROM sessions WHERE id_hash = ?').get(idHash) as
        { secret: string } | undefined;
      return row ? open(row.secret, idHash, 'secret') : null;
    },

    cachedToken(idHash: string): CachedToken | null {
      const row = db
        .prepare('SELECT token, token_expires_at FROM sessions WHERE id_hash = ?')
        .get(idHash) as { token: string | null; token_expires_at: number | null } | undefined;
      if (!row?.token || row.token_expires_at === null) return null;
      return { token: open(row.token, idHash, 'token'), expiresAt: row.token_expires_at };
    },

    saveToken(idHash: string, token: CachedToken): void {
      db.prepare('UPDATE sessions SET token = ?, token_expires_at = ? WHERE id_hash = ?').run(
        seal(token.token, idHash, 'token'),
        token.expiresAt,
        idHash,
      );
    },

    /**
     * Whether the same person (the same user, or the same client without one) is signed in
     * to the same owner and environment in another live session: their claims outlive
     * this session's sign-out then.
     */
    hasOtherSession(session: SessionRecord): boolean {
      const at = now();
      const row = db
        .prepare(
          `SELECT 1 FROM sessions WHERE id_hash != ? AND environment = ? AND owner = ?
             AND last_seen_at >= ? AND created_at >= ?
             AND (CASE WHEN ? IS NULL THEN user_json IS NULL AND client_id = ?
                  ELSE json_extract(user_json, '$.id') = ? END)
           LIMIT 1`,
        )
        .get(
          session.idHash,
          session.environment,
          session.owner,
          at - IDLE_MS,
          at - ABSOLUTE_MS,
          session.user?.id ?? null,
          session.clientId,
          session.user?.id ?? null,
        );
      return row !== undefined;
    },

    remove,
  };
}
