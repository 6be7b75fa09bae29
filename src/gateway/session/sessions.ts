import { createHash, randomBytes } from 'node:crypto';
import { z } from '../../contract/zod.ts';
import {
  EnvironmentSchema,
  SessionUserSchema,
  type Environment,
  type SessionUser,
} from '../../contract/session.ts';
import type { SecretBox } from './secret-box.ts';
import type { Sql } from '../db/sql.ts';

/** A session ends after 8 hours without a request, and 24 hours after sign-in regardless. */
export const IDLE_MS = 8 * 3600_000;
export const ABSOLUTE_MS = 24 * 3600_000;
/** The idle deadline moves with activity to this precision: a write at most this often. */
export const TOUCH_EVERY_MS = 60_000;

/** 32 random bytes as base64url: the cookie value. Only its SHA-256 is stored. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export interface SessionRecord {
  idHash: string;
  /** Whose service signed it in: its token and every call it makes stay there (ADR 015). */
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

/**
 * A session's token as its row held it when the row was read for a request: that request's
 * upstream calls use it while it is valid, without reading the row again (it was read a
 * moment before, for the cookie). Kept beside the record, never in it: the record goes to
 * routes, and a token, sealed or not, has no business there.
 */
interface TokenAsRead {
  sealed: string | null;
  expiresAt: number | null;
  readAt: number;
}
const tokensAsRead = new WeakMap<SessionRecord, TokenAsRead>();
/** How long a row's read stands for the token's: a request's time, not a held session's. */
export const TOKEN_AS_READ_MS = 10_000;

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

export function createSessionStore(sql: Sql, box: SecretBox, now: () => number) {
  const seal = (value: string, idHash: string, what: string) =>
    box.seal(value, `${what}:${idHash}`);
  const open = (value: string, idHash: string, what: string) =>
    box.open(value, `${what}:${idHash}`);

  async function remove(idHash: string): Promise<void> {
    await sql.run('DELETE FROM sessions WHERE id_hash = ?', [idHash]);
  }

  async function get(idHash: string): Promise<SessionRecord | null> {
    const row = await sql.get<
      SessionRow & { token: string | null; token_expires_at: number | null }
    >(`SELECT ${COLUMNS}, token, token_expires_at FROM sessions WHERE id_hash = ?`, [idHash]);
    if (!row) return null;
    const session = toRecord(row);
    if (now() >= expiresAt(session)) {
      await remove(idHash);
      return null;
    }
    tokensAsRead.set(session, {
      sealed: row.token,
      expiresAt: row.token_expires_at === null ? null : Number(row.token_expires_at),
      readAt: now(),
    });
    return session;
  }

  return {
    /** Stores a new session; returns the raw id, which only the cookie carries. */
    async create(input: NewSession): Promise<{ id: string; session: SessionRecord }> {
      const id = randomBytes(32).toString('base64url');
      const idHash = hashSessionId(id);
      const at = now();
      // Expired rows of anyone: a sign-in is a cheap moment to tidy up.
      await sql.run('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?', [
        at - IDLE_MS,
        at - ABSOLUTE_MS,
      ]);
      await sql.run(
        `INSERT INTO sessions (id_hash, environment, client_id, secret, token, token_expires_at,
           owner, user_json, permissions, created_at, last_seen_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
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
        ],
      );
      const session = await get(idHash);
      if (!session) throw new Error('session vanished after insert');
      return { id, session };
    },

    /** The live session of a cookie value, or null (an expired one is deleted). */
    async find(id: string | undefined): Promise<SessionRecord | null> {
      if (!id || !SESSION_ID.test(id)) return null;
      return get(hashSessionId(id));
    },

    get,

    /**
     * Marks activity: moves the idle deadline (never past the absolute one), at most once a
     * minute. Every request counts as activity, and a busy team's were a write each.
     */
    async touch(session: SessionRecord): Promise<SessionRecord> {
      const at = now();
      if (at >= session.lastSeenAt && at - session.lastSeenAt < TOUCH_EVERY_MS) return session;
      await sql.run('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?', [at, session.idHash]);
      const touched = { ...session, lastSeenAt: at };
      const token = tokensAsRead.get(session);
      if (token) tokensAsRead.set(touched, token);
      return touched;
    },

    async clientSecret(idHash: string): Promise<string | null> {
      const row = await sql.get<{ secret: string }>(
        'SELECT secret FROM sessions WHERE id_hash = ?',
        [idHash],
      );
      return row ? open(row.secret, idHash, 'secret') : null;
    },

    /**
     * The session's stored token; from `asRead`'s own read of the row when that was a moment
     * ago (TOKEN_AS_READ_MS), else read again.
     */
    async cachedToken(idHash: string, asRead?: SessionRecord): Promise<CachedToken | null> {
      const known = asRead?.idHash === idHash ? tokensAsRead.get(asRead) : undefined;
      if (known && now() - known.readAt < TOKEN_AS_READ_MS) {
        return known.sealed && known.expiresAt !== null
          ? { token: open(known.sealed, idHash, 'token'), expiresAt: known.expiresAt }
          : null;
      }
      const row = await sql.get<{ token: string | null; token_expires_at: number | null }>(
        'SELECT token, token_expires_at FROM sessions WHERE id_hash = ?',
        [idHash],
      );
      if (!row?.token || row.token_expires_at === null) return null;
      return { token: open(row.token, idHash, 'token'), expiresAt: row.token_expires_at };
    },

    async saveToken(idHash: string, token: CachedToken): Promise<void> {
      await sql.run('UPDATE sessions SET token = ?, token_expires_at = ? WHERE id_hash = ?', [
        seal(token.token, idHash, 'token'),
        token.expiresAt,
        idHash,
      ]);
    },

    /**
     * Whether the same person (the same user, or the same client without one) is signed in
     * to the same owner and environment in another live session: their holds outlive
     * this session's sign-out then. The user is matched here rather than in SQL, which would
     * need each engine's own JSON functions.
     */
    async hasOtherSession(session: SessionRecord): Promise<boolean> {
      const at = now();
      const rows = await sql.all<{ client_id: string; user_json: string | null }>(
        `SELECT client_id, user_json FROM sessions WHERE id_hash != ? AND environment = ?
           AND owner = ? AND last_seen_at >= ? AND created_at >= ?
         LIMIT 5000`,
        [session.idHash, session.environment, session.owner, at - IDLE_MS, at - ABSOLUTE_MS],
      );
      const userId = session.user?.id;
      return rows.some((row) =>
        userId === undefined
          ? row.user_json === null && row.client_id === session.clientId
          : row.user_json !== null && userIdOf(row.user_json) === userId,
      );
    },

    remove,
  };
}

function userIdOf(json: string): string | undefined {
  const parsed = SessionUserSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data.id : undefined;
}
