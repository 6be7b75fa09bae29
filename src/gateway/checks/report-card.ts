import type { CheckResult, MachineCardRow } from '../../contract/checks.ts';
import type { DecisionRecord } from '../../contract/team.ts';

// The machine's report card (ADR 042): every person's verdict on a bound item beside the
// machine's, per check and process. A person always decides; this says how far to trust it.

/** The most misses listed per row: the rest are counted, not listed. */
const MISSES_LISTED = 50;

export function reportCard(
  decisions: readonly DecisionRecord[],
  results: ReadonlyMap<string, CheckResult>,
): MachineCardRow[] {
  const rows = new Map<
    string,
    MachineCardRow & { fails: number; failedBoth: number; rejected: number }
  >();
  for (const decision of decisions) {
    const result = results.get(decision.requestId);
    if (!result) continue;
    for (const machine of result.items) {
      const item = decision.items.find(
        (i) => i.id === machine.itemId || i.displayName === machine.itemName,
      );
      const person = item?.status;
      if (person !== 'approved' && person !== 'rejected') continue;
      const processName = decision.processName ?? '';
      const key = `${machine.check}\u0000${processName}`;
      let row = rows.get(key);
      if (!row) {
        row = {
          check: machine.check,
          processName,
          judged: 0,
          agreed: 0,
          unsure: 0,
          precision: null,
          recall: null,
          misses: [],
          fails: 0,
          failedBoth: 0,
          rejected: 0,
        };
        rows.set(key, row);
      }
      row.judged++;
      if (machine.verdict === 'unsure') row.unsure++;
      if (
        (machine.verdict === 'pass' && person === 'approved') ||
        (machine.verdict === 'fail' && person === 'rejected')
      )
        row.agreed++;
      if (machine.verdict === 'fail') row.fails++;
      if (person === 'rejected') row.rejected++;
      if (machine.verdict === 'fail' && person === 'rejected') row.failedBoth++;
      if (
        machine.verdict === 'pass' &&
        person === 'rejected' &&
        row.misses.length < MISSES_LISTED
      ) {
        row.misses.push({
          requestId: decision.requestId,
          itemName: machine.itemName,
          decidedOn: decision.decidedOn,
          reason: machine.reason,
        });
      }
    }
  }
  return [...rows.values()]
    .map(({ fails, failedBoth, rejected, ...row }) => ({
      ...row,
      precision: fails ? failedBoth / fails : null,
      recall: rejected ? failedBoth / rejected : null,
    }))
    .sort((a, b) => a.check.localeCompare(b.check) || a.processName.localeCompare(b.processName));
}
