import {
  FindingSchema,
  type Finding,
  type FindingCount,
  type FindingState,
  type Severity,
} from '../../contract/findings.ts';
import type { Feed } from '../events/event-log.ts';
import type { Sql } from '../db/sql.ts';

// Findings (ADR 029), per feed (environment and owner): the gateway's own, made when a
// rejection is recorded (creation.ts) and moved by their answers and settlements
// (findings.routes.ts). The finding's JSON is the record; the columns beside it are what
// lists filter and sort on, kept equal to it on every write.

/** The most findings one figure or export reads; a busy team's year is far below it. */
export const FINDINGS_READ_LIMIT = 50_000;
/** The most findings one request's history shows. */
const PER_REQUEST_LIMIT = 500;

/** A finding and its version: a change is saved only over the version it was read at. */
export interface StoredFinding {
  finding: Finding;
  version: number;
}

/** What `GET /team/findings` filters on (findings.routes.ts reads the query into this). */
export interface FindingFilter {
  view: 'open' | 'disputed' | 'overdue' | 'settled' | 'all';
  responsible?: string | undefined;
  severity?: Severity | undefined;
  process?: string | undefined;
  firm?: string | undefined;
  requestId?: string | undefined;
}

/**
 * Where a page starts: after this key and id in the view's order. Open, disputed and
 * overdue findings come soonest due first (a work list); settled and all, newest first.
 */
export interface FindingCursor {
  key: number;
  id: string;
}

export const dueFirst = (view: FindingFilter['view']) => view !== 'settled' && view !== 'all';

/** The slim columns the figures count (figures.ts), without each finding's JSON. */
export interface FindingFact {
  requestId: string;
  decidedAt: number;
  state: FindingState;
  severity: Severity;
  category: string;
}

const parse = (rows: { record: string; version: number }[]): StoredFinding[] =>
  rows.flatMap((row) => {
    const parsed = FindingSchema.safeParse(JSON.parse(row.record));
    return parsed.success ? [{ finding: parsed.data, version: row.version }] : [];
  });

/** The columns of a finding, in COLUMNS' order after environment and owner. */
const columnsOf = (finding: Finding, decidedAt: number) => [
  finding.id,
  finding.requestId,
  decidedAt,
  finding.itemId,
  finding.state,
  finding.severity,
  finding.category,
  finding.processName,
  finding.firmId,
  finding.responsible?.id ?? null,
  finding.raisedBy.id,
  Date.parse(finding.raisedOn),
  Date.parse(finding.dueOn),
];
const COLUMNS = `id, request_id, decided_at, item_id, state, severity, category, process_name,
  firm_id, responsible_id, raised_by_id, raised_at, due_at`;

export type FindingStore = ReturnType<typeof createFindingStore>;

export function createFindingStore(sql: Sql) {
  const feedOnly = 'environment = ? AND owner = ?';
  return {
    /**
     * `work` in one transaction (`createFindingStore(tx)` writes in it), with what is written
     * beside a change (its notice, ADR 030): all of it is written, or none.
     */
    transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      return sql.transaction(work);
    },

    /**
     * Adds the findings of one decision (decided at `decidedAt`), each unless it is there
     * already (a retried record): answers those that were new.
     */
    async add(feed: Feed, decidedAt: number, findings: Finding[]): Promise<Finding[]> {
      const added: Finding[] = [];
      for (const finding of findings) {
        const changed = await sql.run(
          `INSERT INTO qc_findings (environment, owner, ${COLUMNS}, version, record)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING`,
          [feed.environment, feed.owner, ...columnsOf(finding, decidedAt), JSON.stringify(finding)],
        );
        if (changed === 1) added.push(finding);
      }
      return added;
    },

    async get(feed: Feed, id: string): Promise<StoredFinding | undefined> {
      const rows = await sql.all<{ record: string; version: number }>(
        `SELECT record, version FROM qc_findings WHERE ${feedOnly} AND id = ?`,
        [feed.environment, feed.owner, id],
      );
      return parse(rows)[0];
    },

    /**
     * Replaces a finding still at `version` with `next`; false when someone changed it first
     * (two managers at once: the first to save wins).
     */
    async move(feed: Feed, version: number, next: Finding): Promise<boolean> {
      const changed = await sql.run(
        `UPDATE qc_findings SET state = ?, severity = ?, responsible_id = ?, due_at = ?,
           version = version + 1, record = ?
         WHERE ${feedOnly} AND id = ? AND version = ?`,
        [
          next.state,
          next.severity,
          next.responsible?.id ?? null,
          Date.parse(next.dueOn),
          JSON.stringify(next),
          feed.environment,
          feed.owner,
          next.id,
          version,
        ],
      );
      return changed === 1;
    },

    /** One page of `filter` after `cursor`, at most `limit`, and whether more follow. */
    async list(
      feed: Feed,
      filter: FindingFilter,
      now: number,
      limit: number,
      cursor?: FindingCursor,
    ): Promise<{ findings: Finding[]; more: boolean }> {
      const where = [feedOnly];
      const params: (string | number)[] = [feed.environment, feed.owner];
      const add = (clause: string, ...values: (string | number)[]) => {
        where.push(clause);
        params.push(...values);
      };
      if (filter.view === 'open' || filter.view === 'disputed') add('state = ?', filter.view);
      if (filter.view === 'overdue') add("state = 'open' AND due_at < ?", now);
      if (filter.view === 'settled') where.push("state IN ('cured', 'withdrawn')");
      if (filter.responsible !== undefined) add('responsible_id = ?', filter.responsible);
      if (filter.severity) add('severity = ?', filter.severity);
      if (filter.process !== undefined) add('process_name = ?', filter.process);
      if (filter.firm !== undefined) add('firm_id = ?', filter.firm);
      if (filter.requestId !== undefined) add('request_id = ?', filter.requestId);
      const soonest = dueFirst(filter.view);
      const [key, direction, after] = soonest ? ['due_at', 'ASC', '>'] : ['raised_at', 'DESC', '<'];
      if (cursor) {
        add(
          `(${key} ${after} ? OR (${key} = ? AND id ${after} ?))`,
          cursor.key,
          cursor.key,
          cursor.id,
        );
      }
      const rows = await sql.all<{ record: string; version: number }>(
        `SELECT record, version FROM qc_findings WHERE ${where.join(' AND ')}
         ORDER BY ${key} ${direction}, id ${direction} LIMIT ${limit + 1}`,
        params,
      );
      const page = parse(rows).map((row) => row.finding);
      return { findings: page.slice(0, limit), more: rows.length > limit };
    },

    /** The caller's own: open ones, and of those, the ones past their due date. */
    async countFor(feed: Feed, responsibleId: string, now: number): Promise<FindingCount> {
      const row = await sql.get<{ open: number | null; overdue: number | null }>(
        `SELECT count(*) AS open, sum(CASE WHEN due_at < ? THEN 1 ELSE 0 END) AS overdue
         FROM qc_findings WHERE ${feedOnly} AND responsible_id = ? AND state = 'open'`,
        [now, feed.environment, feed.owner, responsibleId],
      );
      return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
    },

    /** Open findings past their due date, the owner's whole team's. */
    async countOverdue(feed: Feed, now: number): Promise<number> {
      const row = await sql.get<{ n: number }>(
        `SELECT count(*) AS n FROM qc_findings
         WHERE ${feedOnly} AND state = 'open' AND due_at < ?`,
        [feed.environment, feed.owner, now],
      );
      return Number(row?.n ?? 0);
    },

    /** A request's findings, oldest first. */
    async forRequest(feed: Feed, requestId: string): Promise<Finding[]> {
      const rows = await sql.all<{ record: string; version: number }>(
        `SELECT record, version FROM qc_findings WHERE ${feedOnly} AND request_id = ?
         ORDER BY raised_at, id LIMIT ${PER_REQUEST_LIMIT}`,
        [feed.environment, feed.owner, requestId],
      );
      return parse(rows).map((row) => row.finding);
    },

    /**
     * Keeps `content` as the document of `requestId` (finding_documents), unless a copy is
     * kept already: a request's file never changes. True when this call kept it.
     */
    async keepDocument(
      feed: Feed,
      requestId: string,
      content: Uint8Array,
      at: number,
    ): Promise<boolean> {
      const changed = await sql.run(
        `INSERT INTO finding_documents (environment, owner, request_id, size, kept_at, content)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [feed.environment, feed.owner, requestId, content.byteLength, at, content],
      );
      return changed === 1;
    },

    /** The size of the kept copy of `requestId`'s document, without reading its bytes. */
    async documentSize(feed: Feed, requestId: string): Promise<number | undefined> {
      const row = await sql.get<{ size: number }>(
        `SELECT size FROM finding_documents WHERE ${feedOnly} AND request_id = ?`,
        [feed.environment, feed.owner, requestId],
      );
      return row === undefined ? undefined : Number(row.size);
    },

    /** Whether a copy of `requestId`'s document is kept. */
    async hasDocument(feed: Feed, requestId: string): Promise<boolean> {
      const row = await sql.get<{ size: number }>(
        `SELECT size FROM finding_documents WHERE ${feedOnly} AND request_id = ?`,
        [feed.environment, feed.owner, requestId],
      );
      return row !== undefined;
    },

    /** The kept copy of `requestId`'s document, or undefined. */
    async document(feed: Feed, requestId: string): Promise<Uint8Array | undefined> {
      const row = await sql.get<{ content: Uint8Array }>(
        `SELECT content FROM finding_documents WHERE ${feedOnly} AND request_id = ?`,
        [feed.environment, feed.owner, requestId],
      );
      return row?.content;
    },

    /** Raised in [from, to), oldest first: whole findings, for the export. */
    async raisedBetween(feed: Feed, from: number, to: number): Promise<Finding[]> {
      const rows = await sql.all<{ record: string; version: number }>(
        `SELECT record, version FROM qc_findings
         WHERE ${feedOnly} AND raised_at >= ? AND raised_at < ?
         ORDER BY raised_at, id LIMIT ${FINDINGS_READ_LIMIT}`,
        [feed.environment, feed.owner, from, to],
      );
      return parse(rows).map((row) => row.finding);
    },

    /** Raised in [from, to), each with its decision's time: the QC report's (ADR 041). */
    async withDecisionBetween(
      feed: Feed,
      from: number,
      to: number,
    ): Promise<{ decidedAt: number; finding: Finding }[]> {
      const rows = await sql.all<{ record: string; version: number; decided_at: number }>(
        `SELECT record, version, decided_at FROM qc_findings
         WHERE ${feedOnly} AND raised_at >= ? AND raised_at < ?
         ORDER BY raised_at, id LIMIT ${FINDINGS_READ_LIMIT}`,
        [feed.environment, feed.owner, from, to],
      );
      return rows.flatMap((row) => {
        const [parsed] = parse([row]);
        return parsed ? [{ decidedAt: Number(row.decided_at), finding: parsed.finding }] : [];
      });
    },

    /** Raised in [from, to): the columns the figures count, without the JSON. */
    async factsBetween(feed: Feed, from: number, to: number): Promise<FindingFact[]> {
      const rows = await sql.all<{
        request_id: string;
        decided_at: number;
        state: FindingState;
        severity: Severity;
        category: string;
      }>(
        `SELECT request_id, decided_at, state, severity, category FROM qc_findings
         WHERE ${feedOnly} AND raised_at >= ? AND raised_at < ?
         ORDER BY raised_at, id LIMIT ${FINDINGS_READ_LIMIT}`,
        [feed.environment, feed.owner, from, to],
      );
      return rows.map((row) => ({
        requestId: row.request_id,
        decidedAt: Number(row.decided_at),
        state: row.state,
        severity: row.severity,
        category: row.category,
      }));
    },
  };
}
