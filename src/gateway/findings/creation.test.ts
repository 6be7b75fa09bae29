import { describe, expect, it } from 'vitest';
import type { Finding } from '../../contract/findings.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import { addBusinessDays } from './business-days.ts';
import { findingId, findingsOf } from './creation.ts';
import { answer, reassign, settle } from './life.ts';
import { responsibleFor } from './responsible.ts';

// What a rejection's findings are made of (ADR 029), and their life, without HTTP.

const feed = { environment: 'production' as const, owner: 'acme' };
const riley = { id: 'u-riley', name: 'Riley Reviewer' };
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('addBusinessDays', () => {
  it('counts Monday to Friday, at the same time of day', () => {
    // 2026-03-06 is a Friday.
    expect(iso(addBusinessDays(at('2026-03-06T15:00:00.000Z'), 2))).toBe(
      '2026-03-10T15:00:00.000Z',
    );
    expect(iso(addBusinessDays(at('2026-03-07T10:00:00.000Z'), 1))).toBe(
      '2026-03-09T10:00:00.000Z',
    );
    expect(iso(addBusinessDays(at('2026-03-02T10:00:00.000Z'), 5))).toBe(
      '2026-03-09T10:00:00.000Z',
    );
    expect(iso(addBusinessDays(at('2026-03-02T10:00:00.000Z'), 30))).toBe(
      '2026-04-13T10:00:00.000Z',
    );
  });
});

describe('responsibleFor', () => {
  const actors = [
    { userId: 'u-alice', roleId: 'affiant' },
    { userId: 'u-nora', roleId: 'notary' },
  ];
  it('names the actor of the item’s role, else the notary, else the signer, else nobody', () => {
    expect(responsibleFor('affiant', actors, 'u-sam', 'notary')).toEqual({ id: 'u-alice' });
    expect(responsibleFor('reviewer', actors, 'u-sam', 'notary')).toEqual({ id: 'u-nora' });
    expect(responsibleFor(undefined, actors, undefined, 'notary')).toEqual({ id: 'u-nora' });
    expect(responsibleFor('reviewer', [actors[0]!], 'u-sam', 'notary')).toEqual({ id: 'u-sam' });
    expect(responsibleFor('reviewer', [], undefined, 'notary')).toBeNull();
    // The notary's role as the deployment names it (ATTEST_NOTARY_ROLE).
    expect(responsibleFor('x', [{ userId: 'u-n', roleId: 'np' }], undefined, 'np')).toEqual({
      id: 'u-n',
    });
  });
});

describe('findingsOf', () => {
  const record: DecisionRecord = {
    requestId: 'r1',
    status: 'rejected',
    decidedBy: riley,
    decidedOn: '2026-03-06T15:00:00.000Z',
    items: [
      {
        id: 'i1',
        displayName: 'Seal',
        status: 'rejected',
        group: 'Notary',
        roleId: 'notary',
        reviewerNote: 'p. 2',
      },
      { id: 'i2', displayName: 'Date', status: 'rejected', group: 'Dates', roleId: 'reviewer' },
      { id: 'i3', displayName: 'Witness', status: 'notApplicable' },
      { id: 'i4', displayName: 'Signature', status: 'approved' },
    ],
    takeOvers: [],
    processName: 'Affidavit review',
    matterReference: 'MR-1',
    firmId: 'firm-1',
    actors: [{ userId: 'u-nora', roleId: 'notary' }],
    marks: {
      items: [
        {
          itemId: 'i1',
          severity: 'minor',
          regions: [{ page: 2, x: 1, y: 2, width: 3, height: 4 }],
        },
        { itemId: 'i2', severity: 'critical', regions: [] },
        { itemId: 'i4', severity: 'critical', regions: [] },
      ],
    },
  };
  const settings = {
    severities: { Seal: 'critical' as const, Date: 'minor' as const },
    responseDays: 2,
  };

  it('makes one per rejected item: the higher severity, the marks, who and when', () => {
    const findings = findingsOf(feed, record, settings, 'notary');
    expect(findings.map((f) => [f.itemId, f.severity, f.category, f.regions.length])).toEqual([
      ['i1', 'critical', 'Notary', 1],
      ['i2', 'critical', 'Dates', 0],
    ]);
    expect(findings[0]).toMatchObject({
      id: findingId(feed, 'r1', at(record.decidedOn), 'i1'),
      note: 'p. 2',
      responsible: { id: 'u-nora' },
      raisedBy: riley,
      raisedOn: record.decidedOn,
      dueOn: '2026-03-10T15:00:00.000Z',
      state: 'open',
      upheld: false,
    });
    // The same decision makes the same ids; another feed, others.
    expect(findingsOf(feed, record, settings, 'notary')[0]?.id).toBe(findings[0]?.id);
    expect(findingsOf({ ...feed, owner: 'globex' }, record, settings, 'notary')[0]?.id).not.toBe(
      findings[0]?.id,
    );
    expect(findings[0]?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('makes none of an approval', () => {
    expect(findingsOf(feed, { ...record, status: 'approved' }, settings, 'notary')).toEqual([]);
  });
});

describe('a finding’s life', () => {
  const [finding] = findingsOf(
    feed,
    {
      requestId: 'r2',
      status: 'rejected',
      decidedBy: riley,
      decidedOn: '2026-03-02T10:00:00.000Z',
      items: [{ id: 'i1', displayName: 'Seal', status: 'rejected' }],
      takeOvers: [],
      actors: [{ userId: 'u-nora', roleId: 'notary' }],
    },
    { severities: {}, responseDays: 2 },
    'notary',
  ) as [Finding];
  const nora = { member: { id: 'u-nora', name: 'Nora' }, manager: false, person: true };
  const alex = { member: { id: 'u-alex', name: 'Alex' }, manager: true, person: true };
  const morgan = { member: { id: 'u-morgan', name: 'Morgan' }, manager: true, person: true };
  const machine = { member: { id: 'client:acme', name: 'acme' }, manager: true, person: false };
  const on = '2026-03-03T09:00:00.000Z';

  it('goes open → disputed → upheld (due anew) → cured, and refuses the steps out of turn', () => {
    const disputed = answer(finding, { answer: 'disputed', note: 'fine' }, nora, on);
    if (!disputed.ok) throw new Error(disputed.message);
    expect(answer(disputed.finding, { answer: 'cured', note: '' }, nora, on)).toMatchObject({
      ok: false,
      status: 409,
    });
    const upheld = settle(disputed.finding, { outcome: 'upheld', note: 'no' }, alex, on, 3);
    if (!upheld.ok) throw new Error(upheld.message);
    expect(upheld.finding).toMatchObject({
      state: 'open',
      upheld: true,
      dueOn: '2026-03-06T09:00:00.000Z',
    });
    expect(answer(upheld.finding, { answer: 'disputed', note: 'again' }, nora, on)).toMatchObject({
      ok: false,
      status: 409,
    });
    const cured = answer(upheld.finding, { answer: 'cured', note: '' }, nora, on);
    expect(cured.ok && cured.finding.steps.map((s) => s.kind)).toEqual([
      'raised',
      'answered',
      'settled',
      'answered',
    ]);
  });

  it('takes four eyes to settle: not the raiser, not the answer’s writer, never a machine', () => {
    // Alex answers for the party responsible, who has no console.
    const disputed = answer(finding, { answer: 'disputed', note: 'fine' }, alex, on);
    if (!disputed.ok) throw new Error(disputed.message);
    const settling = { outcome: 'withdrawn', note: 'agreed' } as const;
    expect(settle(disputed.finding, settling, alex, on, 2)).toMatchObject({
      status: 403,
      message: /you wrote the answer being settled/,
    });
    expect(settle(disputed.finding, settling, machine, on, 2)).toMatchObject({
      status: 403,
      message: /only a person/,
    });
    expect(answer(finding, { answer: 'cured', note: '' }, machine, on)).toMatchObject({
      status: 403,
      message: /only a person/,
    });
    expect(settle(disputed.finding, settling, morgan, on, 2)).toMatchObject({
      ok: true,
      finding: { state: 'withdrawn' },
    });
  });

  it('lets a manager hand it on while it waits, not once it is done', () => {
    const moved = reassign(finding, { id: 'u-sam', name: 'Sam' }, alex, on);
    expect(moved.ok && moved.finding.responsible).toEqual({ id: 'u-sam', name: 'Sam' });
    expect(reassign(finding, { id: 'u-sam' }, nora, on)).toMatchObject({ status: 403 });
    expect(reassign({ ...finding, state: 'withdrawn' }, { id: 'u-sam' }, alex, on)).toMatchObject({
      status: 409,
    });
  });
});
