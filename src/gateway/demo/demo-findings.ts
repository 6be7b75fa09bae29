import type { DecisionMarks, Finding, FindingStep, Region } from '../../contract/findings.ts';
import type { ItemSeverities } from '../../contract/qc-management.ts';
import type { DecisionRecord, TeamMember } from '../../contract/team.ts';
import type { Feed } from '../events/event-log.ts';
import { addBusinessDays } from '../findings/business-days.ts';
import {
  DEFAULT_FINDING_SETTINGS,
  findingsOf,
  type FindingSettings,
} from '../findings/creation.ts';

// The demo's findings (ADR 029), beside its decision history (demo-history.ts): each seeded
// rejection marked as a reviewer would have marked it (a region on the page, a seal or a
// signature raised to critical), its findings made as the gateway makes them, and their life
// so far: the older ones mostly cured, some disputed and withdrawn or upheld, the recent ones
// open, a few of them overdue. The demo notary (Nora Notary) is the party responsible for
// several open ones.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The checks a demo process holds critical or minor, by name; the rest are major. */
const CRITICAL = /seal|commission|signature on every|principal signature|alteration/i;
const MINOR = /initials|venue|matter reference/i;

export function demoSeverities(names: Iterable<string>): ItemSeverities {
  const severities: ItemSeverities = {};
  for (const name of names) {
    if (CRITICAL.test(name)) severities[name] = 'critical';
    else if (MINOR.test(name)) severities[name] = 'minor';
  }
  return severities;
}

/** Where a seeded document shows what a check, by its name, is about. */
export type DemoRegions = (requestId: string, itemName: string) => Region[];

/**
 * A rejection as the reviewer would have marked it: each failed item a region over the part
 * of the page its check is about (the seed's own record of where it drew it), a seal or
 * signature raised to critical where its process says less.
 */
export function withDemoMarks(
  record: DecisionRecord,
  n: number,
  regionsOf: DemoRegions,
): DecisionRecord {
  if (record.status !== 'rejected') return record;
  const failed = record.items.filter((item) => item.status === 'rejected');
  if (failed.length === 0) return record;
  const marks: DecisionMarks = {
    items: failed.map((item) => ({
      itemId: item.id,
      ...(/seal|signature/i.test(item.displayName) && n % 3 === 0 && { severity: 'critical' }),
      regions: regionsOf(record.requestId, item.displayName),
    })),
  };
  return { ...record, marks };
}

export interface DemoFindingsInput {
  feed: Feed;
  /** The recorded decisions, oldest first (rejections among them, with their marks). */
  records: DecisionRecord[];
  /** Each process's findings settings, by name. */
  settings: ReadonlyMap<string, FindingSettings>;
  names: ReadonlyMap<string, string>;
  /** Who settles disputes: the owner's admin. */
  admin: TeamMember | undefined;
  /** A user whose findings of the last days are all still waiting for their answer. */
  keepOpenFor?: string | undefined;
  notaryRole: string;
  now: number;
}

/** A decision's findings, as they stand now, with the decision's time. */
export interface DemoFinding {
  decidedAt: number;
  finding: Finding;
}

export function demoFindings(input: DemoFindingsInput): DemoFinding[] {
  const { now, admin } = input;
  const member = (id: string): TeamMember => ({ id, name: input.names.get(id) ?? id });
  const at = (ms: number) => new Date(Math.min(ms, now - 60_000)).toISOString();
  let n = 0;
  return input.records.flatMap((record) => {
    const settings =
      (record.processName && input.settings.get(record.processName)) || DEFAULT_FINDING_SETTINGS;
    const decidedAt = Date.parse(record.decidedOn);
    return findingsOf(input.feed, record, settings, input.notaryRole).map((made) => {
      const fate = n++;
      const age = (now - decidedAt) / DAY;
      const answerer = made.responsible ? member(made.responsible.id) : admin;
      const steps: FindingStep[] = [...made.steps];
      let finding: Finding = { ...made };
      const step = (next: FindingStep, change: Partial<Finding>) => {
        steps.push(next);
        finding = { ...finding, ...change, steps: [...steps] };
      };
      const answered = (answer: 'cured' | 'disputed', after: number, note: string) => {
        if (!answerer) return;
        step(
          { kind: 'answered', answer, by: answerer, on: at(decidedAt + after), note },
          { state: answer },
        );
      };
      // A manager who did not raise it settles; the admin's own wait for another manager.
      const settles = admin && admin.id !== made.raisedBy.id ? admin : undefined;
      const settled = (outcome: 'upheld' | 'withdrawn', after: number, note: string) => {
        if (!settles || finding.state !== 'disputed') return;
        const on = decidedAt + after;
        step(
          { kind: 'settled', outcome, by: settles, on: at(on), note },
          outcome === 'withdrawn'
            ? { state: 'withdrawn' }
            : {
                state: 'open',
                upheld: true,
                dueOn: at(addBusinessDays(on, settings.responseDays)),
              },
        );
      };
      if (age < 10) {
        // The last days' work: the newest open, then most answered, a third still open (past
        // their due date: overdue), the demo notary's of this week all waiting for her.
        const waiting = age < 2 || (age < 6 && made.responsible?.id === input.keepOpenFor);
        if (waiting || fate % 6 >= 4) return { decidedAt, finding };
        if (fate % 6 === 0) {
          answered('disputed', 20 * HOUR, 'The page was scanned in full: see the original.');
        } else answered('cured', 26 * HOUR, 'Corrected and sent again.');
        return { decidedAt, finding };
      }
      if (fate % 9 === 0) {
        answered('disputed', DAY, 'This is how the county prints its venue block.');
        settled('withdrawn', 2 * DAY, 'Agreed: the form is the county’s own.');
      } else if (fate % 7 === 0) {
        answered('disputed', DAY, 'The seal reads at full size.');
        settled('upheld', 2 * DAY, 'Part of the seal is outside the scan.');
        answered('cured', 3 * DAY, 'Rescanned the notary page.');
      } else if (fate % 13 !== 5) {
        answered('cured', 30 * HOUR, 'Corrected and sent again.');
      }
      return { decidedAt, finding };
    });
  });
}

/** How many findings of each state the demo holds, for the log and the tests. */
export const countStates = (findings: readonly DemoFinding[]) => {
  const counts: Record<string, number> = {};
  for (const { finding } of findings) counts[finding.state] = (counts[finding.state] ?? 0) + 1;
  return counts;
};
