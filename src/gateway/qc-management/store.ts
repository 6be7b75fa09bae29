import {
  ItemSeveritiesSchema,
  ESCALATION_DAYS_DEFAULT,
  RESPONSE_DAYS_DEFAULT,
  SampleSchema,
  type ItemSeverities,
  type ProcessSettings,
  type Sample,
  type SampleState,
} from '../../contract/qc-management.ts';
import { CheckBindingSchema, type CheckBinding } from '../../contract/checks.ts';
import type { Feed } from '../events/event-log.ts';
import type { Sql } from '../db/sql.ts';

// QC management's state (ADR 021), per feed (environment and owner): each process's
// settings and the sampled approvals. HTTP is in management.routes.ts.

/** The most samples one list answers: a queue tab, not an archive. */
export const SAMPLE_LIST_LIMIT = 200;
/** The most samples one figure counts; more is a sign of a much larger team than this serves. */
export const SAMPLE_STATS_LIMIT = 20_000;

interface SettingsRow {
  process_id: string;
  process_name: string;
  target_age_hours: number | null;
  sample_percent: number;
  response_days: number;
  escalation_days: number;
  severities: string;
  checks: string | null;
  updated_by_id: string;
  updated_by_name: string;
  updated_at: number;
}

/** Saved severities as they parse; none, should the JSON ever not (it is written from the schema). */
const severitiesOf = (json: string): ItemSeverities => {
  try {
    const parsed = ItemSeveritiesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

/** A saved binding as it parses; none saved (NULL), or one that does not parse, is none. */
const checksOf = (json: string | null): { checks?: CheckBinding } => {
  if (json === null) return {};
  try {
    const parsed = CheckBindingSchema.safeParse(JSON.parse(json));
    return parsed.success ? { checks: parsed.data } : {};
  } catch {
    return {};
  }
};

const toSettings = (row: SettingsRow): ProcessSettings => ({
  processId: row.process_id,
  processName: row.process_name,
  targetAgeHours: row.target_age_hours,
  samplePercent: row.sample_percent,
  responseDays: Number(row.response_days),
  escalationDays: Number(row.escalation_days),
  severities: severitiesOf(row.severities),
  ...checksOf(row.checks),
  updatedBy: { id: row.updated_by_id, name: row.updated_by_name },
  updatedOn: new Date(row.updated_at).toISOString(),
});

const SETTINGS_COLUMNS = `process_id, process_name, target_age_hours, sample_percent,
  response_days, severities, updated_by_id, updated_by_name, updated_at, escalation_days, checks`;

const parseSamples = (rows: { record: string }[]): Sample[] =>
  rows.flatMap((row) => {
    const parsed = SampleSchema.safeParse(JSON.parse(row.record));
    return parsed.success ? [parsed.data] : [];
  });

export type ManagementStore = ReturnType<typeof createManagementStore>;

export function createManagementStore(sql: Sql) {
  return {
    async listSettings(feed: Feed): Promise<ProcessSettings[]> {
      const rows = await sql.all<SettingsRow>(
        `SELECT ${SETTINGS_COLUMNS} FROM qc_process_settings
         WHERE environment = ? AND owner = ? ORDER BY process_name, process_id LIMIT 1000`,
        [feed.environment, feed.owner],
      );
      return rows.map(toSettings);
    },

    /**
     * The settings of the process named `processName`. Two processes may share a name (the
     * spec does not forbid it): the one saved last wins.
     */
    async settingsNamed(feed: Feed, processName: string): Promise<ProcessSettings | undefined> {
      const row = await sql.get<SettingsRow>(
        `SELECT ${SETTINGS_COLUMNS} FROM qc_process_settings
         WHERE environment = ? AND owner = ? AND process_name = ?
         ORDER BY updated_at DESC LIMIT 1`,
        [feed.environment, feed.owner, processName],
      );
      return row && toSettings(row);
    },

    async getSettings(feed: Feed, processId: string): Promise<ProcessSettings | undefined> {
      const row = await sql.get<SettingsRow>(
        `SELECT ${SETTINGS_COLUMNS} FROM qc_process_settings
         WHERE environment = ? AND owner = ? AND process_id = ?`,
        [feed.environment, feed.owner, processId],
      );
      return row && toSettings(row);
    },

    async putSettings(feed: Feed, settings: ProcessSettings): Promise<void> {
      await sql.run(
        `INSERT INTO qc_process_settings (environment, owner, ${SETTINGS_COLUMNS})
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (environment, owner, process_id) DO UPDATE SET
           process_name = excluded.process_name, target_age_hours = excluded.target_age_hours,
           sample_percent = excluded.sample_percent, response_days = excluded.response_days,
           severities = excluded.severities, escalation_days = excluded.escalation_days,
           checks = excluded.checks,
           updated_by_id = excluded.updated_by_id,
           updated_by_name = excluded.updated_by_name, updated_at = excluded.updated_at`,
        [
          feed.environment,
          feed.owner,
          settings.processId,
          settings.processName,
          settings.targetAgeHours,
          settings.samplePercent,
          settings.responseDays ?? RESPONSE_DAYS_DEFAULT,
          JSON.stringify(settings.severities ?? {}),
          settings.updatedBy.id,
          settings.updatedBy.name,
          Date.parse(settings.updatedOn),
          settings.escalationDays ?? ESCALATION_DAYS_DEFAULT,
          settings.checks ? JSON.stringify(settings.checks) : null,
        ],
      );
    },

    /** Adds an open sample; false when the request was sampled before (at most once). */
    async addSample(feed: Feed, sample: Sample): Promise<boolean> {
      const firstReviewer = sample.firstReview?.decidedBy.id;
      if (!firstReviewer) return false;
      const changed = await sql.run(
        `INSERT INTO qc_samples
           (environment, owner, request_id, state, first_reviewer_id, sampled_at, record)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [
          feed.environment,
          feed.owner,
          sample.requestId,
          sample.state,
          firstReviewer,
          Date.parse(sample.sampledOn),
          JSON.stringify(sample),
        ],
      );
      return changed === 1;
    },

    async getSample(feed: Feed, requestId: string): Promise<Sample | undefined> {
      const rows = await sql.all<{ record: string }>(
        'SELECT record FROM qc_samples WHERE environment = ? AND owner = ? AND request_id = ?',
        [feed.environment, feed.owner, requestId],
      );
      return parseSamples(rows)[0];
    },

    /**
     * Replaces a sample that is still in state `from`; false when someone moved it first (two
     * second reviewers at once: the first to save wins).
     */
    async moveSample(feed: Feed, from: SampleState, sample: Sample): Promise<boolean> {
      const changed = await sql.run(
        `UPDATE qc_samples SET state = ?, record = ?
         WHERE environment = ? AND owner = ? AND request_id = ? AND state = ?`,
        [
          sample.state,
          JSON.stringify(sample),
          feed.environment,
          feed.owner,
          sample.requestId,
          from,
        ],
      );
      return changed === 1;
    },

    /** Newest first; `notFirstReviewer` leaves out that member's own open samples. */
    async listSamples(
      feed: Feed,
      state: SampleState | 'all',
      notFirstReviewer: string,
    ): Promise<Sample[]> {
      const rows = await sql.all<{ record: string }>(
        `SELECT record FROM qc_samples
         WHERE environment = ? AND owner = ? AND (? = 'all' OR state = ?)
           AND NOT (state = 'open' AND first_reviewer_id = ?)
         ORDER BY sampled_at DESC, request_id LIMIT ${SAMPLE_LIST_LIMIT}`,
        [feed.environment, feed.owner, state, state, notFirstReviewer],
      );
      return parseSamples(rows);
    },

    /** Sampled in [from, to), oldest first. */
    async samplesBetween(feed: Feed, from: number, to: number): Promise<Sample[]> {
      const rows = await sql.all<{ record: string }>(
        `SELECT record FROM qc_samples
         WHERE environment = ? AND owner = ? AND sampled_at >= ? AND sampled_at < ?
         ORDER BY sampled_at LIMIT ${SAMPLE_STATS_LIMIT}`,
        [feed.environment, feed.owner, from, to],
      );
      return parseSamples(rows);
    },

    async countSamples(feed: Feed, state: SampleState): Promise<number> {
      const row = await sql.get<{ n: number }>(
        'SELECT count(*) AS n FROM qc_samples WHERE environment = ? AND owner = ? AND state = ?',
        [feed.environment, feed.owner, state],
      );
      return row?.n ?? 0;
    },
  };
}
