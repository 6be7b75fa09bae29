import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySampleChange, samplesQueries } from './samples.queries.ts';
import { bodyOf, missingOf } from './second-review-draft.ts';

const items = [
  { id: 'a', displayName: 'Seal legible' },
  { id: 'b', displayName: 'Venue completed' },
];

describe('a second review draft', () => {
  it('needs a verdict for every item, and a note for a failure', () => {
    const draft = { items: { a: { status: 'rejected' as const } }, notes: '' };
    expect(missingOf(items, draft)).toMatchObject({
      ready: false,
      unanswered: [items[1]],
      unexplained: [items[0]],
    });
    const done = {
      items: {
        a: { status: 'rejected' as const, note: ' cut off ' },
        b: { status: 'approved' as const, note: '  ' },
      },
      notes: ' rescan ',
    };
    expect(missingOf(items, done).ready).toBe(true);
    // Notes trimmed; blank ones left out; items in the checklist's order.
    expect(bodyOf(items, done)).toEqual({
      items: [
        { id: 'a', verdict: 'rejected', note: 'cut off' },
        { id: 'b', verdict: 'approved' },
      ],
      notes: 'rescan',
    });
  });
});

describe('a sampled change from the event stream', () => {
  it('marks every samples query stale, and nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(samplesQueries.list('open').queryKey, { samples: [] });
    client.setQueryData(['qc', 'holds'], { holds: [] });
    applySampleChange(client, { kind: 'released', requestId: 'x', by: { id: 'u', name: 'U' } });
    expect(client.getQueryState(samplesQueries.list('open').queryKey)?.isInvalidated).toBe(false);
    applySampleChange(client, { kind: 'sampled', requestId: 'x', state: 'open' });
    expect(client.getQueryState(samplesQueries.list('open').queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['qc', 'holds'])?.isInvalidated).toBe(false);
  });
});
