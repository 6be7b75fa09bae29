import { describe, expect, it } from 'vitest';
import type { Finding } from '../../contract/findings.ts';
import { decisionsCsv, parseRange } from './decisions-csv.ts';

describe('parseRange', () => {
  it('takes two days, the second included', () => {
    expect(parseRange('2026-11-01', '2026-11-02')).toEqual({
      from: Date.parse('2026-11-01T00:00:00Z'),
      to: Date.parse('2026-11-03T00:00:00Z'),
      name: 'qc-decisions-2026-11-01-to-2026-11-02.csv',
    });
  });
  it('refuses what is not a range of real days', () => {
    for (const [from, to] of [
      [undefined, '2026-11-01'],
      ['2026-11-31', '2026-12-01'],
      ['2026-11-02', '2026-11-01'],
      ['2025-01-01', '2026-06-01'],
      ['2026-1-1', '2026-01-02'],
    ] as const) {
      expect(parseRange(from, to)).toHaveProperty('error');
    }
  });
});

describe('decisionsCsv', () => {
  it('writes one row per decision with its failed items, notes and time to decide', () => {
    const csv = decisionsCsv([
      {
        requestId: 'r1',
        status: 'rejected',
        decidedBy: { id: 'u1', name: 'Riley Reviewer' },
        decidedOn: '2026-11-01T10:02:00.000Z',
        openedOn: '2026-11-01T10:00:30.000Z',
        items: [
          { id: 'i1', displayName: 'Seal legible', status: 'rejected', reviewerNote: 'Blurred' },
          { id: 'i2', displayName: 'Witness', status: 'notApplicable' },
        ],
        notes: '=rescan',
        takeOvers: [],
      },
    ]);
    const [, row] = csv.split('\r\n');
    expect(row).toBe(
      '"2026-11-01T10:02:00.000Z","r1","rejected","Riley Reviewer","u1","2026-11-01T10:00:30.000Z",90,"Seal legible","Witness","Seal legible: Blurred","\'=rescan",,,,,',
    );
  });

  it("puts the machine's verdict beside the reviewer's for each bound item", () => {
    const decision = {
      requestId: 'r1',
      status: 'rejected' as const,
      decidedBy: { id: 'u1', name: 'Riley Reviewer' },
      decidedOn: '2026-11-01T10:02:00.000Z',
      items: [
        { id: 'i1', displayName: 'Seal legible', status: 'rejected' as const },
        { id: 'i2', displayName: 'Venue completed', status: 'approved' as const },
      ],
      takeOvers: [],
    };
    const item = (
      itemId: string,
      itemName: string,
      verdict: 'pass' | 'fail',
      check: 'seal' | 'venue',
    ) => ({
      itemId,
      itemName,
      check,
      verdict,
      reason: 'why',
      regions: [],
    });
    const machine = new Map([
      [
        'r1',
        {
          requestId: 'r1',
          checkedOn: '2026-11-01T09:00:00.000Z',
          checker: { version: '1.0' },
          items: [
            item('i1', 'Seal legible', 'fail', 'seal'),
            item('i2', 'Venue completed', 'pass', 'venue'),
          ],
        },
      ],
    ]);
    const csv = decisionsCsv([decision], [], machine);
    const [header, row] = csv.split('\r\n');
    const column = header!.split(',').indexOf('machine_verdicts');
    expect(column).toBeGreaterThan(0);
    expect(row).toContain(
      '"Seal legible: machine fail, reviewer rejected; Venue completed: machine pass, reviewer approved"',
    );
  });
});

describe('decisionsCsv with findings', () => {
  const decidedOn = '2026-11-02T09:00:00.000Z';
  const riley = { id: 'u1', name: 'Riley Reviewer' };
  const finding = (over: Partial<Finding>): Finding => ({
    id: 'f',
    requestId: 'r2',
    matterReference: 'MR-1',
    processName: 'Affidavit review',
    firmId: 'firm-1',
    itemId: 'i',
    itemName: 'Seal legible',
    category: 'Notary',
    note: '',
    severity: 'major',
    regions: [],
    raisedBy: riley,
    raisedOn: decidedOn,
    responsible: { id: 'n1', name: 'Nora Notary' },
    dueOn: '2026-11-04T09:00:00.000Z',
    state: 'open',
    upheld: false,
    steps: [{ kind: 'raised', by: riley, on: decidedOn }],
    ...over,
  });

  it('puts each decision’s findings in its row: worst severity not withdrawn, then each finding and its steps', () => {
    const alex = { id: 'u2', name: 'Alex Admin' };
    const csv = decisionsCsv(
      [
        {
          requestId: 'r2',
          status: 'rejected',
          decidedBy: riley,
          decidedOn,
          items: [],
          takeOvers: [],
        },
      ],
      [
        finding({
          itemId: 'i1',
          severity: 'critical',
          state: 'withdrawn',
          regions: [
            { page: 4, x: 1, y: 1, width: 1, height: 1 },
            { page: 2, x: 1, y: 1, width: 1, height: 1 },
          ],
          steps: [
            { kind: 'raised', by: riley, on: decidedOn },
            {
              kind: 'answered',
              answer: 'disputed',
              by: { id: 'n1', name: 'Nora Notary' },
              on: '2026-11-02T10:00:00.000Z',
              note: 'The seal is fine',
            },
            {
              kind: 'settled',
              outcome: 'withdrawn',
              by: alex,
              on: '2026-11-02T11:00:00.000Z',
              note: 'Agreed',
            },
          ],
        }),
        finding({ itemId: 'i2', itemName: 'Signature', responsible: null }),
        // Another decision's: not on this row.
        finding({ itemId: 'i3', raisedOn: '2026-11-03T09:00:00.000Z', severity: 'critical' }),
      ],
    );
    const header = csv.split('\r\n')[0]?.split(',');
    expect(header?.slice(-3)).toEqual(['worst_severity', 'findings', 'finding_steps']);
    const row = csv.slice(csv.indexOf('\r\n') + 2);
    expect(row).toContain(
      '"major","Seal legible: critical, withdrawn, pp. 2, 4, responsible Nora Notary, due 2026-11-04T09:00:00.000Z\nSignature: major, open, unassigned, due 2026-11-04T09:00:00.000Z",',
    );
    expect(row).toContain(
      '"Seal legible: 2026-11-02T09:00:00.000Z Riley Reviewer raised it; 2026-11-02T10:00:00.000Z Nora Notary answered disputed: The seal is fine; 2026-11-02T11:00:00.000Z Alex Admin settled it withdrawn: Agreed\nSignature: 2026-11-02T09:00:00.000Z Riley Reviewer raised it"\r\n',
    );
  });
});
