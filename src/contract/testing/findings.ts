import type { FindingChange } from '../findings.ts';

// Findings-shaped samples for any part's tests: a finding change as the gateway announces it
// (its notices' payload, the console's notice labels).

/**
 * A finding change as the findings would announce it, its steps and state as `kind` leaves
 * them: raised by Riley for Nora; answered (disputed by Nora); settled (withdrawn by Alex);
 * reassigned (to Sam). `n` tells one from another.
 */
export function findingChange(n = 1, kind: FindingChange['kind'] = 'raised'): FindingChange {
  const raisedOn = '2030-01-07T09:30:00.000Z';
  const later = '2030-01-08T14:05:00.000Z';
  const riley = { id: 'u-riley', name: 'Riley Reviewer' };
  const nora = { id: 'u-nora', name: 'Nora Notary' };
  const alex = { id: 'u-alex', name: 'Alex Admin' };
  const raised = { kind: 'raised' as const, by: riley, on: raisedOn };
  const disputed = {
    kind: 'answered' as const,
    answer: 'disputed' as const,
    by: nora,
    on: later,
    note: 'The passport was renewed: both signatures are the client’s',
  };
  const life: Pick<FindingChange['finding'], 'state' | 'steps' | 'responsible'> = {
    raised: { state: 'open' as const, steps: [raised], responsible: nora },
    answered: { state: 'disputed' as const, steps: [raised, disputed], responsible: nora },
    settled: {
      state: 'withdrawn' as const,
      steps: [
        raised,
        disputed,
        {
          kind: 'settled' as const,
          outcome: 'withdrawn' as const,
          by: alex,
          on: '2030-01-09T08:00:00.000Z',
          note: 'Renewed passport seen',
        },
      ],
      responsible: nora,
    },
    reassigned: {
      state: 'open' as const,
      steps: [
        raised,
        {
          kind: 'reassigned' as const,
          from: nora,
          to: { id: 'u-sam', name: 'Sam Signer' },
          by: alex,
          on: later,
        },
      ],
      responsible: { id: 'u-sam', name: 'Sam Signer' },
    },
  }[kind];
  return {
    kind,
    finding: {
      id: `finding-${n}`,
      requestId: '6f1c2a52-8d0e-4d4b-9a59-3c1f0b7e2a10',
      matterReference: `M-${1000 + n}`,
      processName: 'Deed of sale',
      firmId: 'firm-1',
      itemId: `item-${n}`,
      itemName: 'Signature matches the ID',
      category: 'Identity',
      note: 'p. 2: the signature differs from the passport',
      severity: 'critical',
      regions: [{ page: 2, x: 72, y: 600, width: 200, height: 40 }],
      raisedBy: riley,
      raisedOn,
      dueOn: '2030-01-09T09:30:00.000Z',
      upheld: false,
      ...life,
    },
  };
}
