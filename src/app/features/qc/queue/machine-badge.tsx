import type { CheckSummary } from '../../../../contract/checks.ts';
import { machineBadge, machineBadgeWords } from './machine-view.ts';
import './machine.css';

/**
 * The machine's first read of a row's document (ADR 042): "2 flagged", "1 unsure", "Machine:
 * clear", or a quiet "reading…" while it reads. Nothing when no item is bound to a check.
 * Its words in full are the row link's description (queue-row.tsx) and its tooltip.
 */
export function MachineBadge({ id, summary }: { id: string; summary: CheckSummary | undefined }) {
  const badge = machineBadge(summary);
  if (!badge) return null;
  const words = machineBadgeWords(badge);
  return (
    <span id={id} className="qc-machine" title={words} data-machine={badge.kind}>
      <span className="visually-hidden">{words}</span>
      <span aria-hidden="true" className="qc-machine__chips">
        {badge.kind === 'reading' && <span className="qc-machine__reading">reading…</span>}
        {badge.kind === 'clear' && (
          <span className="qc-machine__chip qc-machine__chip--clear">Machine: clear</span>
        )}
        {badge.kind === 'flagged' && badge.failed > 0 && (
          <span className="qc-machine__chip qc-machine__chip--failed">
            {badge.failed.toLocaleString()} flagged
          </span>
        )}
        {badge.kind === 'flagged' && badge.unsure > 0 && (
          <span className="qc-machine__chip qc-machine__chip--unsure">
            {badge.unsure.toLocaleString()} unsure
          </span>
        )}
      </span>
    </span>
  );
}
