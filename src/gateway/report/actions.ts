import { randomUUID } from 'node:crypto';
import {
  CorrectiveActionSchema,
  type CorrectiveAction,
  type CorrectiveActionBody,
} from '../../contract/report.ts';
import type { TeamMember } from '../../contract/member.ts';
import type { Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';

// Corrective actions (ADR 041): what a QC manager records against a category, firm, notary
// or process for a month. They show in that month's report, and in later months' while they
// are not done.

const LIMIT = 500;

export type ActionStore = ReturnType<typeof createActionStore>;

export function createActionStore(sql: Sql, now: () => number) {
  const parse = (rows: { record: string }[]) =>
    rows.flatMap((row) => {
      const parsed = CorrectiveActionSchema.safeParse(JSON.parse(row.record));
      return parsed.success ? [parsed.data] : [];
    });
  return {
    async recipients(feed: Feed): Promise<string[]> {
      const row = await sql.get<{ recipients: string }>(
        'SELECT recipients FROM report_recipients WHERE environment = ? AND owner = ?',
        [feed.environment, feed.owner],
      );
      return row ? (JSON.parse(row.recipients) as string[]) : [];
    },

    async setRecipients(feed: Feed, recipients: string[]): Promise<void> {
      await sql.run(
        `INSERT INTO report_recipients (environment, owner, recipients, updated_at)
         VALUES (?, ?, ?, ?) ON CONFLICT (environment, owner) DO UPDATE SET
           recipients = excluded.recipients, updated_at = excluded.updated_at`,
        [feed.environment, feed.owner, JSON.stringify(recipients), now()],
      );
    },

    /** Every owner's recipients, for the monthly e-mail. */
    async everyRecipient(): Promise<{ feed: Feed; recipients: string[] }[]> {
      const rows = await sql.all<{ environment: string; owner: string; recipients: string }>(
        'SELECT environment, owner, recipients FROM report_recipients LIMIT 10000',
      );
      return rows.map((row) => ({
        feed: { environment: row.environment, owner: row.owner } as Feed,
        recipients: JSON.parse(row.recipients) as string[],
      }));
    },

    /** Those of the months up to `lastMonth`: a report keeps the earlier ones not done. */
    async upTo(feed: Feed, lastMonth: string): Promise<CorrectiveAction[]> {
      const rows = await sql.all<{ record: string }>(
        `SELECT record FROM corrective_actions WHERE environment = ? AND owner = ? AND month <= ?
         ORDER BY month DESC, recorded_at DESC LIMIT ${LIMIT}`,
        [feed.environment, feed.owner, lastMonth],
      );
      return parse(rows);
    },

    async get(feed: Feed, id: string): Promise<CorrectiveAction | undefined> {
      const row = await sql.get<{ record: string }>(
        'SELECT record FROM corrective_actions WHERE environment = ? AND owner = ? AND id = ?',
        [feed.environment, feed.owner, id],
      );
      return row && parse([row])[0];
    },

    /** Records a new action (no `id`) or changes one; answers it as kept. */
    async put(
      feed: Feed,
      body: CorrectiveActionBody,
      by: TeamMember,
      id: string = randomUUID(),
    ): Promise<CorrectiveAction> {
      const action: CorrectiveAction = {
        ...body,
        id,
        recordedBy: by,
        recordedOn: new Date(now()).toISOString(),
      };
      await sql.run(
        `INSERT INTO corrective_actions (environment, owner, id, month, status, recorded_at, record)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (environment, owner, id) DO UPDATE SET month = excluded.month,
           status = excluded.status, recorded_at = excluded.recorded_at, record = excluded.record`,
        [feed.environment, feed.owner, id, body.month, body.status, now(), JSON.stringify(action)],
      );
      return action;
    },
  };
}
