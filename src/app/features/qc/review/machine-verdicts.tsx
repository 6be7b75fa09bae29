import type { CheckedItem, Verdict } from '../../../../contract/checks.ts';
import type { ChecklistItem } from '../../../../contract/qc.ts';
import type { ItemDraft } from './draft-store.ts';
import { machineItemOf, VERDICT_WORDS, verdictFor } from './machine.ts';
import { SealOnFile } from './on-file.tsx';
import type { MachineView } from './use-machine-review.ts';
import './machine-verdicts.css';

// The machine's verdicts on the review's panel (ADR 042): a line above the checklist saying
// how its read went, and beside each bound item its verdict, its reason and its regions.

/** A spark: the machine's mark, here and on its regions over the page. */
function Spark() {
  return (
    <svg className="machine-spark" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path d="M8 1.5 9.6 6.4 14.5 8 9.6 9.6 8 14.5 6.4 9.6 1.5 8 6.4 6.4Z" fill="currentColor" />
    </svg>
  );
}

/** Each verdict's icon, so that colour is not all that tells them apart. */
function VerdictIcon({ verdict }: { verdict: Verdict }) {
  const paths: Record<Verdict, string> = {
    pass: 'M3.5 8.5 6.5 11.5 12.5 4.5',
    fail: 'M4.5 4.5 11.5 11.5M11.5 4.5 4.5 11.5',
    unsure: 'M5.8 6a2.3 2.3 0 1 1 3.2 2.1c-.6.3-1 .8-1 1.5v.4M8 12.5v.1',
  };
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path
        d={paths[verdict]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Each line of the summary, by state: two, whatever the state, so nothing moves as it reads. */
function summaryLines(view: MachineView, count: (verdict: Verdict) => number) {
  switch (view.state) {
    case 'reading':
      return [
        <>
          <span className="machine-summary__pulse" aria-hidden="true" />
          Machine reading…
        </>,
        'Its verdicts show beside the items it checks when it is done.',
      ];
    case 'error':
      return [
        "The machine's read is not available",
        'Review as usual: nothing here depends on it.',
      ];
    default:
      if (view.verdicts.size === 0) {
        return ['No item here is bound to a machine check', 'Review as usual.'];
      }
      return [
        <>
          <span className="machine-summary__who">
            <Spark />
            Machine read
          </span>
          {(['pass', 'fail', 'unsure'] as const).map((verdict) => (
            <span
              key={verdict}
              className="machine-summary__count"
              data-verdict={verdict}
              data-none={count(verdict) === 0}
            >
              <VerdictIcon verdict={verdict} />
              {count(verdict)} {VERDICT_WORDS[verdict].toLowerCase()}
            </span>
          ))}
        </>,
        <>
          <kbd>shift</kbd> <kbd>v</kbd> takes its passes · <kbd>v</kbd> the selected item&apos;s
          verdict
        </>,
      ];
  }
}

/** How the machine's read of the document went, above the checklist; and what it said. */
export function MachineSummary({ view }: { view: MachineView }) {
  const { state, verdicts, said } = view;
  if (state === 'off') return null;
  const count = (verdict: Verdict) =>
    [...verdicts.values()].filter((item) => item.verdict === verdict).length;
  const [first, second] = summaryLines(view, count);
  return (
    <div className="machine-summary" data-state={state}>
      <div className="machine-summary__box">
        <p className="machine-summary__line">{first}</p>
        <p className="machine-summary__hint">{second}</p>
      </div>
      {said && said.itemId === null && <p className="machine-summary__said">{said.text}</p>}
      {/* Every message, to a screen reader, wherever it is shown. */}
      <p className="visually-hidden" role="status">
        {said?.text}
      </p>
    </div>
  );
}

/** The machine's verdict of an item, beside the reviewer's own buttons. */
export function MachineChip({ checked }: { checked: CheckedItem }) {
  return (
    <span className="machine-chip" data-verdict={checked.verdict}>
      <span className="machine-chip__who">
        <Spark />
        Machine
      </span>
      <span className="machine-chip__verdict">
        <VerdictIcon verdict={checked.verdict} />
        {VERDICT_WORDS[checked.verdict]}
      </span>
    </span>
  );
}

/**
 * The machine's one-line reason for an item (a way to its region on the page, where one is
 * drawn), its finding to take, and the seal beside the one on file; then what the machine
 * said of the item last. An item bound to a check keeps this room while the machine reads, so
 * nothing under the reviewer's pointer moves when its verdicts come.
 */
export function MachineDetail({
  item,
  entry,
  view,
}: {
  item: ChecklistItem;
  entry: ItemDraft;
  view: MachineView;
}) {
  const checked = verdictFor(view.verdicts, item.id);
  const expected = view.state === 'reading' ? view.expected.get(item.id) : undefined;
  const said = view.said?.itemId === item.id ? view.said.text : null;
  const saying = said && <p className="machine__said">{said}</p>;
  // An item the machine has no verdict on shows nothing, but what a key asked of it.
  if (!checked && !expected) return saying;
  const shown = checked && view.regions.find((r) => machineItemOf(r.key) === item.id);
  const offer = checked?.verdict === 'fail' && entry.status !== 'rejected';
  const seal = checked ? checked.check === 'seal' && checked.onFile : expected === 'seal';
  return (
    <>
      <div
        className="machine"
        data-verdict={checked?.verdict ?? 'reading'}
        data-taken={checked?.verdict === 'fail' && entry.status === 'rejected'}
      >
        <div className="machine__line">
          {!checked ? (
            <span className="machine__skeleton" aria-hidden="true" />
          ) : shown ? (
            <button
              type="button"
              className="machine__reason machine__reason--link"
              title={checked.reason}
              data-region-link={shown.key}
              onClick={() => view.channel.reveal(shown.key)}
            >
              {checked.reason}
              <span className="visually-hidden">: show it on the page</span>
            </button>
          ) : (
            <p className="machine__reason" title={checked.reason}>
              {checked.reason}
            </p>
          )}
          {offer && (
            <button
              type="button"
              className="machine__take"
              aria-keyshortcuts="v"
              aria-describedby={`check-${item.id}`}
              onClick={() => view.take(item.id)}
            >
              Use as finding <kbd aria-hidden="true">v</kbd>
            </button>
          )}
        </div>
        {seal && <SealOnFile checked={checked} view={view} />}
      </div>
      {saying}
    </>
  );
}
