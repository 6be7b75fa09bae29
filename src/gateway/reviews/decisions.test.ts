import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../contract/team.ts';
import { freshDatabases } from '../testing/database.ts';
import { createDecisionLog } from './decisions.ts';

// The decision history's reads on SQLite and PostgreSQL alike: a range read again (the team
// view's, every few seconds) reads only which rows are in it, and answers as a fresh read
// would, a decision written in between included; what it hands out is shared and frozen.

const database = freshDatabases();
const acme = { environment: 'production' as const, owner: 'acme' };
const globex = { environment: 'production' as const, owner: 'globex' };
const decision = (requestId: string, decidedOn: string): DecisionRecord => ({
  requestId,
  status: 'approved',
  decidedBy: { id: 'riley', name: 'Riley Reviewer' },
  decidedOn,
  items: [{ id: 'i', displayName: 'Venue completed', status: 'approved' }],
  takeOvers: [],
});

describe('decisions between two times', () => {
  it('answers as a fresh read would, however often asked, and reads each record once', async () => {
    const sql = await database();
    const log = createDecisionLog(sql);
    await log.record(acme, decision('a', '2026-12-01T09:00:00.000Z'));
    await log.record(acme, decision('b', '2026-12-01T10:00:00.000Z'));
    await log.record(globex, decision('g', '2026-12-01T10:30:00.000Z'));
    await log.record(acme, decision('late', '2026-12-03T10:00:00.000Z'));
    const [from, to] = [Date.parse('2026-12-01'), Date.parse('2026-12-02')];
    const first = await log.between(acme, from, to);
    expect(first.map((d) => d.requestId)).toEqual(['a', 'b']);

    // Counted by what the database is asked: a second read fetches no record again.
    const asked: string[] = [];
    const counting = createDecisionLog({
      ...sql,
      all: (text, params) => (asked.push(text), sql.all(text, params)),
    });
    await counting.between(acme, from, to);
    await log.record(acme, decision('c', '2026-12-01T11:00:00.000Z'));
    const again = await counting.between(acme, from, to);
    expect(again.map((d) => d.requestId)).toEqual(['a', 'b', 'c']);
    const reads = asked.filter((text) => /SELECT seq, record/.test(text));
    // The first read of this log fetches a and b; the second only c.
    expect(reads).toHaveLength(2);
    expect(again[0]).toEqual(first[0]);
    expect(Object.isFrozen(again[0]?.items[0])).toBe(true);
  });
});
