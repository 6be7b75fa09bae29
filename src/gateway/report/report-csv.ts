import type { QcReport, Rates } from '../../contract/report.ts';
import { toCsv } from '../../shared/csv.ts';

// The QC report as one CSV (ADR 041): a row per figure, its section first, so an auditor
// filters or pivots it in a spreadsheet; rates are fractions (0.125), as the JSON has them.

const HEADER = [
  'section',
  'key',
  'label',
  'decisions',
  'gross defects',
  'gross rate',
  'net defects',
  'net rate',
  'gross critical',
  'gross critical rate',
  'net critical',
  'net critical rate',
  'findings raised',
  'standing',
  'critical',
  'major',
  'minor',
  'note',
] as const;

type Cell = string | number | null;
const rateCells = (r: Rates): Cell[] => [
  r.decisions,
  r.grossDefects,
  r.grossRate,
  r.netDefects,
  r.netRate,
  r.grossCritical,
  r.grossCriticalRate,
  r.netCritical,
  r.netCriticalRate,
];
const NO_RATES: Cell[] = Array<Cell>(9).fill(null);
const NO_COUNTS: Cell[] = Array<Cell>(5).fill(null);

export function reportCsv(report: QcReport): string {
  const rows: Cell[][] = [
    [
      'period',
      report.period,
      `${report.owner}: ${report.from} to ${report.to}`,
      ...NO_RATES,
      ...NO_COUNTS,
      report.truncated ? 'truncated: more decisions than the gateway reads at once' : null,
    ],
    ['overall', 'all', 'All decided requests', ...rateCells(report.overall), ...NO_COUNTS, null],
    ...report.months.map((m): Cell[] => [
      'month',
      m.month,
      m.month,
      ...rateCells(m),
      ...NO_COUNTS,
      null,
    ]),
    ...(
      [
        ['process', report.byProcess],
        ['firm', report.byFirm],
        ['notary', report.byNotary],
        ['reviewer', report.byReviewer],
      ] as const
    ).flatMap(([section, list]) =>
      list.map((r): Cell[] => [section, r.key, r.label, ...rateCells(r), ...NO_COUNTS, null]),
    ),
    ...(
      [
        ['severity', report.bySeverity],
        ['category', report.byCategory],
        ['item', report.byItem],
      ] as const
    ).flatMap(([section, list]) =>
      list.map((c): Cell[] => [
        section,
        c.key,
        c.key,
        ...NO_RATES,
        c.raised,
        c.standing,
        c.critical,
        c.major,
        c.minor,
        null,
      ]),
    ),
    ...Object.entries(report.answers).map(([key, value]): Cell[] => [
      'answers',
      key,
      key,
      ...NO_RATES,
      value,
      ...NO_COUNTS.slice(1),
      null,
    ]),
    ...report.correctiveActions.map((a): Cell[] => [
      'corrective action',
      a.month,
      `${a.target}: ${a.subject}`,
      ...NO_RATES,
      ...NO_COUNTS,
      `${a.action} (owner ${a.owner}, due ${a.dueOn}, ${a.status})`,
    ]),
  ];
  return toCsv(HEADER, rows);
}
