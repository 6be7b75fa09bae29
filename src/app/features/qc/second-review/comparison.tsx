import type { ComparedItem, Sample, SampleState } from '../../../../contract/qc-management.ts';
import { Badge, type BadgeTone } from '../../../ui/badge.tsx';
import { when } from '../../../ui/dates.ts';
import { FactGrid } from '../../../ui/fact.tsx';
import type { FirstRegion } from './first-marks.ts';
import './comparison.css';
import '../document-review.css';

const VERDICT_LABELS: Record<string, string> = {
  approved: 'Pass',
  rejected: 'Fail',
  notApplicable: 'N/A',
};
const verdictLabel = (verdict: string | undefined) =>
  verdict ? (VERDICT_LABELS[verdict] ?? verdict) : 'No verdict';

export const STATE_LABELS: Record<SampleState, string> = {
  open: 'Waiting for a second review',
  agreed: 'Agreed',
  flagged: 'Flagged for an admin',
  resolved: 'Resolved',
};
export const STATE_TONES: Record<SampleState, BadgeTone> = {
  open: 'accent',
  agreed: 'success',
  flagged: 'danger',
  resolved: 'neutral',
};

export function StateBadge({ state }: { state: SampleState }) {
  return <Badge tone={STATE_TONES[state]}>{STATE_LABELS[state]}</Badge>;
}

function Verdict({ verdict, note }: { verdict: string | undefined; note: string | undefined }) {
  return (
    <>
      <span className="sr-verdict" data-verdict={verdict ?? 'none'}>
        {verdictLabel(verdict)}
      </span>
      {note && <span className="sr-compare__note">{note}</span>}
    </>
  );
}

/** The first reviewer's regions of an item, each a way to it on the page. */
function RegionLinks({
  regions,
  onReveal,
}: {
  regions: readonly FirstRegion[];
  onReveal: (key: string) => void;
}) {
  return (
    <ul className="document-review__regions" aria-label="Marked on the page">
      {regions.map((first) => (
        <li key={first.key}>
          <button
            type="button"
            className="document-review__region sr-compare__region"
            data-region-link={first.key}
            aria-label={`${first.label}: show it on the page`}
            onClick={() => onReveal(first.key)}
          >
            <span aria-hidden="true" className="sr-compare__pin" />
            p. {first.region.page}
          </button>
        </li>
      ))}
    </ul>
  );
}

function Row({
  item,
  regions,
  onReveal,
}: {
  item: ComparedItem;
  regions: readonly FirstRegion[];
  onReveal: (key: string) => void;
}) {
  return (
    <li
      className="sr-compare__item document-review__box document-review__box--stack"
      data-agree={item.agree}
    >
      <div className="sr-compare__head">
        <p className="sr-compare__name">{item.displayName}</p>
        <Badge tone={item.agree ? 'success' : 'danger'}>{item.agree ? 'Agree' : 'Differ'}</Badge>
      </div>
      <dl className="sr-compare__pair">
        <div>
          <dt>First</dt>
          <dd>
            <Verdict verdict={item.first} note={item.firstNote} />
            {regions.length > 0 && <RegionLinks regions={regions} onReveal={onReveal} />}
          </dd>
        </div>
        <div>
          <dt>Second</dt>
          <dd>
            <Verdict verdict={item.second} note={item.secondNote} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** An item both reviewers judged alike, without notes: one line is enough. */
function AgreedRow({ item }: { item: ComparedItem }) {
  return (
    <li className="sr-compare__agreed" data-agree="true">
      <span className="sr-compare__name">{item.displayName}</span>
      <span className="sr-compare__both">
        <span className="visually-hidden">Agree: both </span>
        <Verdict verdict={item.second} note={undefined} />
        <span aria-hidden="true"> ✓</span>
      </span>
    </li>
  );
}

const NO_REGIONS: readonly FirstRegion[] = [];

/**
 * The two reviews side by side, once the second is in: item by item, agreement marked, and
 * the first reviewer's regions (ADR 029) under their verdicts, each a way to it on the page.
 */
export function Comparison({
  sample,
  firstRegions,
  onReveal,
}: {
  sample: Sample;
  firstRegions: ReadonlyMap<string, readonly FirstRegion[]>;
  onReveal: (key: string) => void;
}) {
  const regionsOf = (item: ComparedItem) => firstRegions.get(item.id) ?? NO_REGIONS;
  const plain = (item: ComparedItem) =>
    item.agree && !item.firstNote && !item.secondNote && regionsOf(item).length === 0;
  const items = sample.comparison ?? [];
  const differ = items.filter((item) => !item.agree).length;
  const first = sample.firstReview;
  const second = sample.secondReview;
  return (
    <section className="sr-compare" aria-labelledby="sr-compare-title">
      <h2 className="sr-section-title" id="sr-compare-title">
        Both reviews
      </h2>
      <FactGrid className="sr-compare__who" small plain>
        <div>
          <dt>First review</dt>
          <dd>
            {first ? `${first.decidedBy.name}, approved ${when(first.decidedOn)}` : 'Not recorded'}
          </dd>
        </div>
        <div>
          <dt>Second review</dt>
          <dd>{second ? `${second.by.name}, ${when(second.on)}` : 'Not yet'}</dd>
        </div>
      </FactGrid>
      <p className="sr-compare__summary">
        {items.length === 0
          ? 'No items to compare.'
          : differ === 0
            ? `The reviewers agree on all ${items.length} items.`
            : `The reviewers differ on ${differ} of ${items.length} items.`}
      </p>
      {/* What needs reading first: the differences and the notes, then the rest in brief. */}
      <ul className="sr-compare__list" aria-label="Item by item">
        {items
          .filter((item) => !plain(item))
          .map((item) => (
            <Row key={item.id} item={item} regions={regionsOf(item)} onReveal={onReveal} />
          ))}
        {items.filter(plain).map((item) => (
          <AgreedRow key={item.id} item={item} />
        ))}
      </ul>
      {(first?.notes || second?.notes) && (
        <FactGrid className="sr-compare__notes" small plain>
          {first?.notes && (
            <div>
              <dt>First reviewer’s notes</dt>
              <dd>{first.notes}</dd>
            </div>
          )}
          {second?.notes && (
            <div>
              <dt>Second reviewer’s notes</dt>
              <dd>{second.notes}</dd>
            </div>
          )}
        </FactGrid>
      )}
    </section>
  );
}

/** An admin's settled outcome: what happens to the document, by whom, and why. */
export function OutcomeView({ sample }: { sample: Sample }) {
  const outcome = sample.outcome;
  if (!outcome) return null;
  return (
    <div className="document-review__box" role="status">
      <strong>{outcome.action === 'keep' ? 'The approval stands' : 'Sent back for rework'}</strong>{' '}
      — {outcome.by.name}, {when(outcome.on)}
      <p className="sr-outcome__note">{outcome.note}</p>
    </div>
  );
}
