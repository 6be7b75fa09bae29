import { randomBytes } from 'node:crypto';
import { MAIL_ATTEMPTS, type Mail, type MailChoice, type MailKind } from '../../contract/mail.ts';
import type { Finding } from '../../contract/findings.ts';
import type { TeamMember } from '../../contract/member.ts';
import type { Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';

// The e-mails the gateway keeps until they are sent (ADR 040), and the people it mails. A
// sender leases what is due (one UPDATE that one process wins), sends it and records the
// outcome; a retry waits longer each time. Each e-mail is unique on its `dedupe` key, so
// whatever finds the same reminder again (a scan, a restart, a second process) adds nothing.

/** Waits after failed attempts 1 to 5, in multiples of the base: 1, 5, 30 min, 2 h, 6 h. */
export const MAIL_RETRY_FACTORS = [1, 5, 30, 120, 360] as const;
export const DEFAULT_MAIL_RETRY_BASE_MS = 60_000;
/** Sent, failed and digested e-mails are kept this long. */
const KEEP_MS = 90 * 86_400_000;

/**
 * What an e-mail is of; its words are composed as it is sent (compose.ts), once the
 * person's name and address are known.
 */
export interface MailContent {
  /** The finding, as it was when the e-mail was kept. */
  finding?: Finding;
  /** An escalation's business days overdue. */
  overdueDays?: number;
  /** A digest's e-mails. */
  items?: { kind: Exclude<MailKind, 'digest' | 'report'>; subject: string; finding: Finding }[];
  /** A monthly report's month. */
  period?: string;
}

export interface NewMail {
  kind: MailKind;
  findingId: string | null;
  to: TeamMember;
  subject: string;
  content: MailContent;
  /** What makes it once: the same key is never mailed twice. */
  dedupe: string;
  /** Kept for the person's daily digest rather than sent. */
  held?: boolean;
  /** Where it goes, when that is known already (a report's recipient). */
  address?: string;
}

export interface MailRow {
  seq: number;
  id: string;
  environment: string;
  owner: string;
  kind: string;
  finding_id: string | null;
  to_id: string;
  to_name: string;
  subject: string;
  content: string;
  created_at: number;
  state: 'held' | 'pending' | 'sent' | 'failed' | 'digested';
  attempts: number;
  next_attempt_at: number | null;
  sent_at: number | null;
  address: string | null;
  last_error: string | null;
}

export type LeasedMail = MailRow & { lease_token: string };

export interface Person {
  id: string;
  name: string;
  email: string | null;
  manager: boolean;
  choice: MailChoice;
}

interface PersonRow {
  user_id: string;
  name: string;
  email: string | null;
  manager: number;
  choice: MailChoice;
}

const toPerson = (row: PersonRow): Person => ({
  id: row.user_id,
  name: row.name,
  email: row.email,
  manager: Number(row.manager) === 1,
  choice: row.choice,
});

const iso = (ms: number) => new Date(ms).toISOString();

export function toMail(row: MailRow): Mail {
  const state = row.state === 'pending' ? (row.attempts > 0 ? 'retrying' : 'pending') : row.state;
  return {
    id: row.id,
    kind: row.kind as MailKind,
    findingId: row.finding_id,
    to: { id: row.to_id, name: row.to_name },
    address: row.address,
    subject: row.subject,
    createdOn: iso(Number(row.created_at)),
    state,
    attemptCount: Number(row.attempts),
    nextAttemptOn:
      row.state === 'pending' && row.next_attempt_at !== null
        ? iso(Number(row.next_attempt_at))
        : null,
    sentOn: row.sent_at === null ? null : iso(Number(row.sent_at)),
    lastError: row.last_error,
  };
}

/** The wait after failed attempt `attempt` (1-based), or null when it was the last. */
export function mailRetryDelayMs(attempt: number, baseMs: number): number | null {
  if (attempt >= MAIL_ATTEMPTS) return null;
  const factor = MAIL_RETRY_FACTORS[attempt - 1];
  return factor === undefined ? null : factor * baseMs;
}

export type MailStore = ReturnType<typeof createMailStore>;

export function createMailStore(sql: Sql, retryBaseMs: number, now: () => number) {
  return {
    /** Keeps `mail` unless its dedupe key was kept before; answers whether it was new. */
    async add(feed: Feed, mail: NewMail, tx: Sql = sql): Promise<boolean> {
      const at = now();
      const changed = await tx.run(
        `INSERT INTO mails (id, dedupe, environment, owner, kind, finding_id, to_id, to_name,
           subject, content, created_at, state, attempts, next_attempt_at, address)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT DO NOTHING`,
        [
          `mail_${randomBytes(16).toString('base64url')}`,
          `${feed.environment}|${feed.owner}|${mail.dedupe}`,
          feed.environment,
          feed.owner,
          mail.kind,
          mail.findingId,
          mail.to.id,
          mail.to.name,
          mail.subject,
          JSON.stringify(mail.content),
          at,
          mail.held ? 'held' : 'pending',
          mail.held ? null : at,
          mail.address ?? null,
        ],
      );
      return changed > 0;
    },

    /** Leases up to `limit` due e-mails to this process for `forMs`. */
    async lease(limit: number, forMs: number): Promise<LeasedMail[]> {
      const at = now();
      const token = randomBytes(12).toString('base64url');
      const rows = await sql.all<MailRow>(
        `UPDATE mails SET lease_until = ?, lease_token = ?
         WHERE seq IN (SELECT seq FROM mails
                       WHERE state = 'pending' AND next_attempt_at <= ?
                         AND (lease_until IS NULL OR lease_until <= ?)
                       ORDER BY next_attempt_at, seq LIMIT ?)
           AND state = 'pending' AND (lease_until IS NULL OR lease_until <= ?)
         RETURNING *`,
        [at + forMs, token, at, at, limit, at],
      );
      return rows.map((row) => ({ ...row, lease_token: token }));
    },

    async release(mail: LeasedMail): Promise<void> {
      await sql.run(
        'UPDATE mails SET lease_until = NULL, lease_token = NULL WHERE id = ? AND lease_token = ?',
        [mail.id, mail.lease_token],
      );
    },

    /** Records an attempt: sent, or due again after its delay, or failed after the last. */
    async record(
      mail: LeasedMail,
      outcome:
        { sent: true; address: string } | { sent: false; error: string; address: string | null },
      name: string = mail.to_name,
    ): Promise<'sent' | 'pending' | 'failed'> {
      const attempt = Number(mail.attempts) + 1;
      const delay = outcome.sent ? null : mailRetryDelayMs(attempt, retryBaseMs);
      const at = now();
      const state = outcome.sent ? 'sent' : delay === null ? 'failed' : 'pending';
      await sql.run(
        `UPDATE mails SET state = ?, attempts = ?, next_attempt_at = ?, sent_at = ?, address = ?,
           last_error = ?, to_name = ?, lease_until = NULL, lease_token = NULL
         WHERE id = ? AND lease_token = ?`,
        [
          state,
          attempt,
          delay === null ? null : at + delay,
          outcome.sent ? at : null,
          outcome.address,
          outcome.sent ? null : outcome.error.slice(0, 500),
          name,
          mail.id,
          mail.lease_token,
        ],
      );
      return state;
    },

    async list(feed: Feed, limit: number): Promise<Mail[]> {
      const rows = await sql.all<MailRow>(
        `SELECT * FROM mails WHERE environment = ? AND owner = ? ORDER BY seq DESC LIMIT ?`,
        [feed.environment, feed.owner, limit],
      );
      return rows.map(toMail);
    },

    async byId(feed: Feed, id: string): Promise<MailRow | undefined> {
      return sql.get<MailRow>(
        'SELECT * FROM mails WHERE environment = ? AND owner = ? AND id = ?',
        [feed.environment, feed.owner, id],
      );
    },

    /** Sends a failed or sent e-mail again, at once: a new set of attempts. */
    async resend(feed: Feed, id: string): Promise<'resent' | 'unknown' | 'waiting'> {
      const row = await this.byId(feed, id);
      if (!row) return 'unknown';
      if (row.state !== 'sent' && row.state !== 'failed') return 'waiting';
      const changed = await sql.run(
        `UPDATE mails SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL,
           sent_at = NULL WHERE id = ? AND state IN ('sent', 'failed')`,
        [now(), id],
      );
      return changed > 0 ? 'resent' : 'waiting';
    },

    /** Everything held for digests, oldest first (at most 5,000). */
    async held(): Promise<MailRow[]> {
      return sql.all<MailRow>("SELECT * FROM mails WHERE state = 'held' ORDER BY seq LIMIT 5000");
    },

    /** Marks held e-mails as gone out in the digest `digest` (added in the same `tx`). */
    async digested(ids: string[], tx: Sql): Promise<void> {
      for (const id of ids) {
        await tx.run("UPDATE mails SET state = 'digested' WHERE id = ? AND state = 'held'", [id]);
      }
    },

    async prune(): Promise<void> {
      await sql.run("DELETE FROM mails WHERE state NOT IN ('pending', 'held') AND created_at < ?", [
        now() - KEEP_MS,
      ]);
    },

    /** Remembers a person: their name, and their address and managership when known. */
    async notePerson(
      feed: Feed,
      person: { id: string; name: string; email?: string | null; manager?: boolean },
    ): Promise<void> {
      await sql.run(
        `INSERT INTO mail_people (environment, owner, user_id, name, email, manager, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (environment, owner, user_id) DO UPDATE SET name = excluded.name,
           email = COALESCE(excluded.email, mail_people.email),
           manager = CASE WHEN ? = 1 THEN excluded.manager ELSE mail_people.manager END,
           updated_at = excluded.updated_at`,
        [
          feed.environment,
          feed.owner,
          person.id,
          person.name,
          person.email ?? null,
          person.manager ? 1 : 0,
          now(),
          person.manager === undefined ? 0 : 1,
        ],
      );
    },

    async person(feed: Feed, id: string): Promise<Person | undefined> {
      const row = await sql.get<PersonRow>(
        'SELECT * FROM mail_people WHERE environment = ? AND owner = ? AND user_id = ?',
        [feed.environment, feed.owner, id],
      );
      return row && toPerson(row);
    },

    async managers(feed: Feed): Promise<Person[]> {
      const rows = await sql.all<PersonRow>(
        `SELECT * FROM mail_people WHERE environment = ? AND owner = ? AND manager = 1
         ORDER BY user_id LIMIT 100`,
        [feed.environment, feed.owner],
      );
      return rows.map(toPerson);
    },

    async choose(feed: Feed, who: TeamMember, choice: MailChoice): Promise<void> {
      await sql.run(
        `INSERT INTO mail_people (environment, owner, user_id, name, choice, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (environment, owner, user_id) DO UPDATE SET choice = excluded.choice,
           updated_at = excluded.updated_at`,
        [feed.environment, feed.owner, who.id, who.name, choice, now()],
      );
    },
  };
}
