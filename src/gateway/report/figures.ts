import type { CheckResult } from '../../contract/checks.ts';
import { reportCard } from '../checks/report-card.ts';
import type { Finding, Severity } from '../../contract/findings.ts';
import type {
  Answers,
  CorrectiveAction,
  FindingCounts,
  KeyedRates,
  QcReport,
  Rates,
} from '../../contract/report.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import { addMonths, type Period } from './period.ts';

// The QC report's figures (ADR 041), pure. A decided request has a gross defect when the
// decision raised any finding, a net defect when one of them was not withdrawn (after the
// answers and settlements); critical alike, counting critical findings only. Rates are of
// the requests decided. Days and months are UTC's.

export interface ReportInput {
  owner: string;
  period: Period;
  scope: { process: string | null; firm: string | null; notary: string | null };
  /** Decisions from the first of the three months before the period to its end. */
  decisions: DecisionRecord[];
  /** The findings those decisions raised, with their decision's time. */
  findings: { decidedAt: number; finding: Finding }[];
  actions: CorrectiveAction[];
  /** Names for firm and user ids where the gateway could read them. */
  names: ReadonlyMap<string, string>;
  notaryRole: string;
  now: number;
  truncated: boolean;
  /** The machine's checks of the decisions' requests (ADR 042); none where none was read. */
  machine?: ReadonlyMap<string, CheckResult>;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const month = (iso: string) => iso.slice(0, 7);
const SEVERITIES: Severity[] = ['critical', 'major', 'minor'];

interface Judged {
  decision: DecisionRecord;
  findings: Finding[];
}

export function tally(judged: readonly Judged[]): Rates {
  const standing = (f: Finding) => f.state !== 'withdrawn';
  const critical = (f: Finding) => f.severity === 'critical';
  const count = (test: (fs: Finding[]) => boolean) => judged.filter((j) => test(j.findings)).length;
  const decisions = judged.length;
  const grossDefects = count((fs) => fs.length > 0);
  const netDefects = count((fs) => fs.some(standing));
  const grossCritical = count((fs) => fs.some(critical));
  const netCritical = count((fs) => fs.some((f) => critical(f) && standing(f)));
  return {
    decisions,
    grossDefects,
    netDefects,
    grossCritical,
    netCritical,
    grossRate: rate(grossDefects, decisions),
    netRate: rate(netDefects, decisions),
    grossCriticalRate: rate(grossCritical, decisions),
    netCriticalRate: rate(netCritical, decisions),
  };
}

function keyed(
  judged: readonly Judged[],
  keysOf: (d: DecisionRecord) => string[],
  label: (key: string, d: DecisionRecord) => string,
): KeyedRates[] {
  const groups = new Map<string, { label: string; judged: Judged[] }>();
  for (const j of judged) {
    for (const key of new Set(keysOf(j.decision))) {
      const group = groups.get(key) ?? { label: label(key, j.decision), judged: [] };
      groups.set(key, group);
      group.judged.push(j);
    }
  }
  return [...groups]
    .map(([key, group]) => ({ key, label: group.label, ...tally(group.judged) }))
    .sort((a, b) => b.decisions - a.decisions || a.label.localeCompare(b.label));
}

function counts(findings: readonly Finding[], keyOf: (f: Finding) => string): FindingCounts[] {
  const rows = new Map<string, FindingCounts>();
  for (const f of findings) {
    const key = keyOf(f);
    const row = rows.get(key) ?? { key, raised: 0, standing: 0, critical: 0, major: 0, minor: 0 };
    rows.set(key, row);
    row.raised += 1;
    if (f.state !== 'withdrawn') row.standing += 1;
    row[f.severity] += 1;
  }
  return [...rows.values()].sort(
    (a, b) => b.critical - a.critical || b.raised - a.raised || a.key.localeCompare(b.key),
  );
}

function answers(findings: readonly Finding[], now: number): Answers {
  const out: Answers = {
    raised: findings.length,
    cured: 0,
    disputed: 0,
    upheld: 0,
    withdrawn: 0,
    open: 0,
    onTime: 0,
    late: 0,
    overdue: 0,
  };
  for (const f of findings) {
    if (f.state === 'cured') out.cured += 1;
    if (f.state === 'withdrawn') out.withdrawn += 1;
    if (f.state === 'open' || f.state === 'disputed') out.open += 1;
    if (f.steps.some((s) => s.kind === 'answered' && s.answer === 'disputed')) out.disputed += 1;
    if (f.steps.some((s) => s.kind === 'settled' && s.outcome === 'upheld')) out.upheld += 1;
    // Against the due date the finding has now (an upheld dispute set a new one).
    const first = f.steps.find((s) => s.kind === 'answered');
    if (first) {
      if (Date.parse(first.on) <= Date.parse(f.dueOn)) out.onTime += 1;
      else out.late += 1;
    } else if (f.state === 'open' && Date.parse(f.dueOn) < now) out.overdue += 1;
  }
  return out;
}

/** The period's bound items a person judged, and those the machine judged alike; null: none. */
function machineAgreement(decisions: DecisionRecord[], results?: ReadonlyMap<string, CheckResult>) {
  if (!results?.size) return null;
  const rows = reportCard(decisions, results);
  const judged = rows.reduce((n, r) => n + r.judged, 0);
  return judged ? { judged, agreed: rows.reduce((n, r) => n + r.agreed, 0) } : null;
}

export function qcReport(input: ReportInput): Omit<QcReport, 'generatedOn'> {
  const { period, scope } = input;
  const notariesOf = (d: DecisionRecord) =>
    (d.actors ?? []).filter((a) => a.roleId === input.notaryRole).map((a) => a.userId);
  const inScope = (d: DecisionRecord) =>
    (!scope.process || d.processName === scope.process) &&
    (!scope.firm || d.firmId === scope.firm) &&
    (!scope.notary || notariesOf(d).includes(scope.notary));
  const byDecision = new Map<string, Finding[]>();
  for (const { decidedAt, finding } of input.findings) {
    const key = `${finding.requestId}\n${decidedAt}`;
    byDecision.set(key, [...(byDecision.get(key) ?? []), finding]);
  }
  const judged: Judged[] = input.decisions.filter(inScope).map((decision) => ({
    decision,
    findings: byDecision.get(`${decision.requestId}\n${Date.parse(decision.decidedOn)}`) ?? [],
  }));
  const inMonths = (months: string[]) =>
    judged.filter((j) => months.includes(month(j.decision.decidedOn)));
  const current = inMonths(period.months);
  const first = period.months[0] as string;
  const trendMonths = [-3, -2, -1].map((n) => addMonths(first, n)).concat(period.months);
  const findings = current.flatMap((j) => j.findings);
  const name = (id: string) => input.names.get(id) ?? id;
  const earlier = (action: CorrectiveAction) => action.month < first && action.status !== 'done';
  return {
    owner: input.owner,
    period: period.period,
    from: period.from,
    to: period.to,
    scope,
    overall: tally(current),
    months: trendMonths.map((m) => ({ month: m, ...tally(inMonths([m])) })),
    bySeverity: SEVERITIES.map(
      (severity) =>
        counts(
          findings.filter((f) => f.severity === severity),
          () => severity,
        )[0] ?? { key: severity, raised: 0, standing: 0, critical: 0, major: 0, minor: 0 },
    ),
    byCategory: counts(findings, (f) => f.category),
    byItem: counts(findings, (f) => f.itemName),
    byFirm: keyed(current, (d) => (d.firmId ? [d.firmId] : []), name),
    byNotary: keyed(current, notariesOf, name),
    byProcess: keyed(
      current,
      (d) => (d.processName ? [d.processName] : []),
      (key) => key,
    ),
    byReviewer: keyed(
      current,
      (d) => [d.decidedBy.id],
      (_, d) => d.decidedBy.name,
    ),
    answers: answers(findings, input.now),
    machine: machineAgreement(
      current.map((j) => j.decision),
      input.machine,
    ),
    correctiveActions: input.actions
      .filter((a) => period.months.includes(a.month) || earlier(a))
      .sort((a, b) => a.month.localeCompare(b.month) || a.dueOn.localeCompare(b.dueOn)),
    truncated: input.truncated,
  };
}
