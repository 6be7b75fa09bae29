import {
  pagePointer,
  severityRank,
  type Finding,
  type FindingStep,
  type Severity,
} from '../../contract/findings.ts';
import type { DecisionRecord } from '../../contract/team.ts';

// A decision's findings (ADR 029) as cells of its row in the decision history's CSV
// (reviews/decisions-csv.ts): the worst severity not withdrawn, so the critical defect rate is
// a COUNTIF over the rows; each finding on a line of one cell (item, severity, state, pages,
// who, due); each finding's steps on a line of another.

const decisionKey = (requestId: string, on: string) => `${requestId}\n${on}`;

/** The most severe of findings not withdrawn, or undefined when there is none. */
export function worstSeverity(findings: readonly Finding[]): Severity | undefined {
  let worst: Severity | undefined;
  for (const { state, severity } of findings) {
    if (state === 'withdrawn') continue;
    if (worst === undefined || severityRank(severity) > severityRank(worst)) worst = severity;
  }
  return worst;
}

const findingLine = (f: Finding) =>
  [
    `${f.itemName}: ${f.severity}`,
    f.upheld && f.state === 'open' ? 'open (dispute upheld)' : f.state,
    pagePointer(f.regions),
    f.responsible ? `responsible ${f.responsible.name ?? f.responsible.id}` : 'unassigned',
    `due ${f.dueOn}`,
  ]
    .filter(Boolean)
    .join(', ');

const stepText = (step: FindingStep) => {
  const who = `${step.on} ${step.by.name}`;
  if (step.kind === 'raised') return `${who} raised it`;
  if (step.kind === 'answered') return `${who} answered ${step.answer}: ${step.note}`;
  if (step.kind === 'settled') return `${who} settled it ${step.outcome}: ${step.note}`;
  const from = step.from ? ` from ${step.from.name ?? step.from.id}` : '';
  return `${who} handed it to ${step.to.name ?? step.to.id}${from}`;
};

export const FINDING_COLUMNS = ['worst_severity', 'findings', 'finding_steps'] as const;

/** The FINDING_COLUMNS cells of each decision, from the findings its range raised. */
export function findingCells(findings: readonly Finding[]) {
  const byDecision = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = decisionKey(finding.requestId, finding.raisedOn);
    byDecision.set(key, [...(byDecision.get(key) ?? []), finding]);
  }
  return (decision: DecisionRecord): [string | undefined, string, string] => {
    const own = byDecision.get(decisionKey(decision.requestId, decision.decidedOn)) ?? [];
    return [
      worstSeverity(own),
      own.map(findingLine).join('\n'),
      own.map((f) => `${f.itemName}: ${f.steps.map(stepText).join('; ')}`).join('\n'),
    ];
  };
}
