import type {
  Finding,
  FindingAnswerBody,
  FindingSettleBody,
  Responsible,
} from '../../contract/findings.ts';
import type { TeamMember } from '../../contract/team.ts';
import { addBusinessDays } from './business-days.ts';

// A finding's life (ADR 029), pure: open → answered cured or disputed (by the party
// responsible, or a QC manager) → a dispute settled by a manager who neither raised it nor
// wrote the answer being settled (four eyes): upheld (open again, due anew, never disputed
// twice) or withdrawn. A manager may hand it to another party while it waits for someone.
// Only a person answers or settles: a machine client reads. Each step is kept, oldest first.

export type Moved =
  { ok: true; finding: Finding } | { ok: false; status: 400 | 403 | 409; message: string };

/** Who is acting, and what they may do. */
export interface Actor {
  member: TeamMember;
  manager: boolean;
  /** A person (a session with a user), not a machine client acting for the owner. */
  person: boolean;
}

const NO_PERSON = 'a client without a user reads findings: only a person answers or settles one';

const refuse = (status: 400 | 403 | 409, message: string): Moved => ({
  ok: false,
  status,
  message,
});

export function answer(finding: Finding, body: FindingAnswerBody, by: Actor, on: string): Moved {
  if (!by.person) return refuse(403, NO_PERSON);
  if (!by.manager && finding.responsible?.id !== by.member.id) {
    return refuse(403, 'only the party responsible for this finding, or a QC manager, answers it');
  }
  if (finding.state !== 'open') {
    return refuse(409, `this finding is ${finding.state}: only an open finding takes an answer`);
  }
  if (body.answer === 'disputed' && finding.upheld) {
    return refuse(
      409,
      'a dispute of this finding was already upheld: it may be cured, not disputed again',
    );
  }
  return {
    ok: true,
    finding: {
      ...finding,
      state: body.answer,
      steps: [
        ...finding.steps,
        { kind: 'answered', answer: body.answer, by: by.member, on, note: body.note },
      ],
    },
  };
}

/** `responseDays`: the process's target, for the new due date of an upheld finding. */
export function settle(
  finding: Finding,
  body: FindingSettleBody,
  by: Actor,
  on: string,
  responseDays: number,
): Moved {
  if (!by.person) return refuse(403, NO_PERSON);
  if (!by.manager) return refuse(403, 'only a QC manager settles a dispute');
  if (finding.raisedBy.id === by.member.id) {
    return refuse(403, 'you raised this finding: another QC manager settles its dispute');
  }
  if (lastAnswer(finding)?.by.id === by.member.id) {
    return refuse(403, 'you wrote the answer being settled: another QC manager settles it');
  }
  if (finding.state !== 'disputed') {
    return refuse(409, `this finding is ${finding.state}: only a disputed finding is settled`);
  }
  const step = {
    kind: 'settled' as const,
    outcome: body.outcome,
    by: by.member,
    on,
    note: body.note,
  };
  if (body.outcome === 'withdrawn') {
    return {
      ok: true,
      finding: { ...finding, state: 'withdrawn', steps: [...finding.steps, step] },
    };
  }
  // Upheld: the responsible party has the process's time again, from the settlement.
  const dueOn = new Date(addBusinessDays(Date.parse(on), responseDays)).toISOString();
  return {
    ok: true,
    finding: { ...finding, state: 'open', upheld: true, dueOn, steps: [...finding.steps, step] },
  };
}

function lastAnswer(finding: Finding) {
  return finding.steps.findLast((step) => step.kind === 'answered');
}

export function reassign(finding: Finding, to: Responsible, by: Actor, on: string): Moved {
  if (!by.manager) return refuse(403, 'only a QC manager hands a finding to another party');
  if (finding.state !== 'open' && finding.state !== 'disputed') {
    return refuse(409, `this finding is ${finding.state}: there is nothing left to answer`);
  }
  if (finding.responsible?.id === to.id) {
    return refuse(400, `${to.name ?? to.id} is already responsible for this finding`);
  }
  return {
    ok: true,
    finding: {
      ...finding,
      responsible: to,
      steps: [
        ...finding.steps,
        { kind: 'reassigned', from: finding.responsible, to, by: by.member, on },
      ],
    },
  };
}
