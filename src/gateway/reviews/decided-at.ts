import type { DecisionRecord } from '../../contract/team.ts';

// A decision's instant, parsed from its `decidedOn` once per record. The decision log hands
// out one frozen record per row to every caller (decisions.ts), and the team's figures place
// the same thousands of them on every load of the team view.

const parsed = new WeakMap<DecisionRecord, number>();

/** When `decision` was decided, in epoch ms. */
export function decidedAt(decision: DecisionRecord): number {
  let at = parsed.get(decision);
  if (at === undefined) parsed.set(decision, (at = Date.parse(decision.decidedOn)));
  return at;
}
