import { csvCell } from '../../shared/csv.ts';
import type { Finding } from '../../contract/findings.ts';
import { FINDING_COLUMNS, findingCells } from '../findings/findings-csv.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import type { CheckResult } from '../../contract/checks.ts';

// The decision history as CSV (RFC 4180), for the spreadsheet a QC manager keeps: one row
// per decision, its findings (ADR 029) in columns of its row (findings-csv.ts).

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A longer range is a different question (and a larger answer than one request should be). */
export const MAX_RANGE_DAYS = 366;

const day = (value: string) => {
  const ms = DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(value) ? ms : undefined;
};

/**
 * `from` and `to` are days (UTC, `to` included). Both are required: an export says which
 * days it covers, in its file name too.
 */
export function parseRange(
  from: string | undefined,
  to: string | undefined,
): { from: number; to: number; name: string } | { error: string } {
  if (!from || !to) return { error: 'from and to are required, as YYYY-MM-DD' };
  const start = day(from);
  const end = day(to);
  if (start === undefined || end === undefined) {
    return { error: 'from and to must be dates such as 2026-11-01' };
  }
  if (end < start) return { error: 'to must not be before from' };
  if ((end - start) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    return { error: `a range may cover at most ${MAX_RANGE_DAYS} days` };
  }
  return { from: start, to: end + DAY_MS, name: `qc-decisions-${from}-to-${to}.csv` };
}

/** "Venue completed: machine fail, reviewer rejected; …" for each bound item. */
function machineCell(d: DecisionRecord, result: CheckResult | undefined): string {
  if (!result) return '';
  return result.items
    .map((m) => {
      const item = d.items.find((i) => i.id === m.itemId || i.displayName === m.itemName);
      return `${m.itemName}: machine ${m.verdict}, reviewer ${item?.status ?? 'undecided'}`;
    })
    .join('; ');
}

const HEADER = [
  'decided_on',
  'qc_request_id',
  'decision',
  'reviewer',
  'reviewer_id',
  'opened_on',
  'seconds_to_decide',
  'failed_items',
  'not_applicable_items',
  'item_notes',
  'rework_notes',
  'take_overs',
  'machine_verdicts',
  ...FINDING_COLUMNS,
];

/**
 * `findings`: those raised by these decisions (the range's); each goes on its decision's row.
 * `machine`: the machine's checks of their requests (ADR 042), each bound item's verdict beside
 * the reviewer's.
 */
export function decisionsCsv(
  decisions: DecisionRecord[],
  findings: Finding[] = [],
  machine: ReadonlyMap<string, CheckResult> = new Map(),
): string {
  const cellsOf = findingCells(findings);
  const rows = decisions.map((d) => {
    const named = (status: string) =>
      d.items.filter((item) => item.status === status).map((item) => item.displayName);
    const seconds = d.openedOn
      ? Math.round((Date.parse(d.decidedOn) - Date.parse(d.openedOn)) / 1000)
      : undefined;
    return [
      d.decidedOn,
      d.requestId,
      d.status,
      d.decidedBy.name,
      d.decidedBy.id,
      d.openedOn,
      seconds,
      named('rejected').join('; '),
      named('notApplicable').join('; '),
      d.items
        .filter((item) => item.reviewerNote)
        .map((item) => `${item.displayName}: ${item.reviewerNote}`)
        .join('\n'),
      d.notes,
      d.takeOvers.map((t) => `${t.to.name} from ${t.from.name} at ${t.on}`).join('; '),
      machineCell(d, machine.get(d.requestId)),
      ...cellsOf(d),
    ]
      .map(csvCell)
      .join(',');
  });
  return [HEADER.join(','), ...rows].map((line) => `${line}\r\n`).join('');
}
