import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FindingCounts, KeyedRates, QcReport } from '../../contract/report.ts';

// The QC report as a PDF (ADR 041), drawn with pdf-lib: the owner and the period on every
// page, page numbers, a chart of the monthly rates, and the report's tables. US Letter.

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 54;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.4, 0.43, 0.48);
const RULE = rgb(0.85, 0.87, 0.9);
const GROSS = rgb(0.55, 0.64, 0.85);
const NET = rgb(0.12, 0.3, 0.75);

const pct = (value: number | null) => (value === null ? '-' : `${(value * 100).toFixed(1)}%`);

interface Column {
  title: string;
  width: number;
  align?: 'right';
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  readonly doc: PDFDocument;
  readonly font: PDFFont;
  readonly bold: PDFFont;
  readonly heading: string;

  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont, heading: string) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.heading = heading;
    this.newPage();
  }

  /** What the standard fonts cannot draw (outside WinAnsi) as '?', so a name never fails it. */
  clean(text: string): string {
    return [...text.replaceAll('’', "'").replaceAll('–', '-').replaceAll('…', '...')]
      .map((ch) => {
        try {
          this.font.encodeText(ch);
          return ch;
        } catch {
          return '?';
        }
      })
      .join('');
  }

  newPage(): void {
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.pages.push(this.page);
    this.text(this.heading, MARGIN, HEIGHT - 36, 8, MUTED);
    this.y = HEIGHT - MARGIN - 10;
  }

  /** Room for `height` more points, or a new page. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  text(text: string, x: number, y: number, size = 9, color = INK, font = this.font): void {
    this.page.drawText(this.clean(text), { x, y, size, font, color });
  }

  /** `text` cut to `width` at `size`, with an ellipsis. */
  fit(text: string, width: number, size: number, font = this.font): string {
    let out = this.clean(text);
    if (font.widthOfTextAtSize(out, size) <= width) return out;
    while (out.length > 1 && font.widthOfTextAtSize(`${out}...`, size) > width)
      out = out.slice(0, -1);
    return `${out}...`;
  }

  title(text: string): void {
    this.ensure(40);
    this.y -= 18;
    this.text(text, MARGIN, this.y, 13, INK, this.bold);
    this.y -= 8;
  }

  paragraph(text: string, size = 9): void {
    const words = this.clean(text).split(/\s+/);
    let line = '';
    const width = WIDTH - 2 * MARGIN;
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (this.font.widthOfTextAtSize(next, size) > width && line) {
        this.ensure(size + 4);
        this.y -= size + 4;
        this.text(line, MARGIN, this.y, size);
        line = word;
      } else line = next;
    }
    if (line) {
      this.ensure(size + 4);
      this.y -= size + 4;
      this.text(line, MARGIN, this.y, size);
    }
    this.y -= 4;
  }

  table(columns: Column[], rows: string[][], empty = 'None in this period.'): void {
    const size = 8.5;
    const row = (cells: string[], font: PDFFont) => {
      this.ensure(14);
      this.y -= 13;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const column = columns[i] as Column;
        const shown = this.fit(cell, column.width - 6, size, font);
        const dx =
          column.align === 'right' ? column.width - 6 - font.widthOfTextAtSize(shown, size) : 0;
        this.text(shown, x + dx, this.y, size, INK, font);
        x += column.width;
      });
    };
    row(
      columns.map((c) => c.title),
      this.bold,
    );
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 3 },
      end: { x: WIDTH - MARGIN, y: this.y - 3 },
      thickness: 0.5,
      color: RULE,
    });
    if (rows.length === 0) {
      this.ensure(14);
      this.y -= 13;
      this.text(empty, MARGIN, this.y, size, MUTED);
    }
    for (const cells of rows) row(cells, this.font);
    this.y -= 6;
  }
}

const RATE_COLUMNS: Column[] = [
  { title: 'Decided', width: 50, align: 'right' },
  { title: 'Gross', width: 56, align: 'right' },
  { title: 'Net', width: 56, align: 'right' },
  { title: 'Critical gross', width: 70, align: 'right' },
  { title: 'Critical net', width: 62, align: 'right' },
];

function rateTable(w: Writer, title: string, rows: KeyedRates[]): void {
  w.title(title);
  w.table(
    [{ title: 'Name', width: WIDTH - 2 * MARGIN - 294 }, ...RATE_COLUMNS],
    rows
      .slice(0, 25)
      .map((r) => [
        r.label,
        String(r.decisions),
        pct(r.grossRate),
        pct(r.netRate),
        pct(r.grossCriticalRate),
        pct(r.netCriticalRate),
      ]),
  );
  if (rows.length > 25) w.paragraph(`And ${rows.length - 25} more: the CSV has them all.`, 8);
}

function countTable(w: Writer, title: string, first: string, rows: FindingCounts[]): void {
  w.title(title);
  w.table(
    [
      { title: first, width: WIDTH - 2 * MARGIN - 250 },
      { title: 'Raised', width: 50, align: 'right' },
      { title: 'Standing', width: 55, align: 'right' },
      { title: 'Critical', width: 50, align: 'right' },
      { title: 'Major', width: 45, align: 'right' },
      { title: 'Minor', width: 50, align: 'right' },
    ],
    rows
      .slice(0, 25)
      .map((c) => [
        c.key.charAt(0).toUpperCase() + c.key.slice(1),
        ...[c.raised, c.standing, c.critical, c.major, c.minor].map(String),
      ]),
  );
}

/** Bars of each month's gross and net defect rates, the period's months last. */
function trendChart(w: Writer, report: QcReport): void {
  w.title('Defect rate by month');
  const height = 120;
  w.ensure(height + 40);
  const top = w.y - 8;
  const bottom = top - height;
  // Headroom above the tallest bar for the legend.
  const max = Math.max(0.1, ...report.months.map((m) => m.grossRate ?? 0)) * 1.25;
  const slot = (WIDTH - 2 * MARGIN - 40) / report.months.length;
  w.page.drawLine({
    start: { x: MARGIN + 30, y: bottom },
    end: { x: WIDTH - MARGIN, y: bottom },
    thickness: 0.5,
    color: RULE,
  });
  w.text(pct(max), MARGIN, top - 4, 7, MUTED);
  w.text('0%', MARGIN + 12, bottom - 2, 7, MUTED);
  report.months.forEach((m, i) => {
    const x = MARGIN + 40 + i * slot;
    const bar = (value: number | null, dx: number, color: typeof NET) => {
      const h = ((value ?? 0) / max) * height;
      if (h > 0)
        w.page.drawRectangle({ x: x + dx, y: bottom, width: slot * 0.3, height: h, color });
    };
    bar(m.grossRate, 0, GROSS);
    bar(m.netRate, slot * 0.32, NET);
    w.text(
      m.month,
      x,
      bottom - 12,
      7.5,
      report.period.includes(m.month) || report.from.startsWith(m.month) ? INK : MUTED,
    );
    w.text(m.decisions === 0 ? 'no decisions' : `${pct(m.netRate)} net`, x, bottom - 22, 7, MUTED);
  });
  w.page.drawRectangle({ x: WIDTH - MARGIN - 120, y: top - 6, width: 8, height: 8, color: GROSS });
  w.text('gross', WIDTH - MARGIN - 108, top - 5, 8, MUTED);
  w.page.drawRectangle({ x: WIDTH - MARGIN - 70, y: top - 6, width: 8, height: 8, color: NET });
  w.text('net', WIDTH - MARGIN - 58, top - 5, 8, MUTED);
  w.y = bottom - 34;
}

export async function reportPdf(report: QcReport, ownerName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`QC report ${report.period}: ${ownerName}`);
  doc.setAuthor('Attest');
  doc.setCreationDate(new Date(report.generatedOn));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const scope = [
    report.scope.process && `process ${report.scope.process}`,
    report.scope.firm && `firm ${report.scope.firm}`,
    report.scope.notary && `notary ${report.scope.notary}`,
  ]
    .filter(Boolean)
    .join(', ');
  const w = new Writer(
    doc,
    font,
    bold,
    `${ownerName} · QC report ${report.period} (${report.from} to ${report.to})${scope ? ` · ${scope}` : ''}`,
  );

  w.y -= 10;
  w.text(`QC report: ${report.period}`, MARGIN, w.y, 20, INK, bold);
  w.y -= 18;
  w.text(
    `${ownerName}${scope ? `, ${scope}` : ''}. Generated ${report.generatedOn.slice(0, 10)}.`,
    MARGIN,
    w.y,
    10,
    MUTED,
  );
  w.y -= 14;
  const o = report.overall;
  const tiles: [string, string][] = [
    ['Requests decided', String(o.decisions)],
    ['Gross defect rate', pct(o.grossRate)],
    ['Net defect rate', pct(o.netRate)],
    ['Critical, gross', pct(o.grossCriticalRate)],
    ['Critical, net', pct(o.netCriticalRate)],
  ];
  const tileWidth = (WIDTH - 2 * MARGIN) / tiles.length;
  tiles.forEach(([label, value], i) => {
    const x = MARGIN + i * tileWidth;
    w.page.drawRectangle({
      x,
      y: w.y - 46,
      width: tileWidth - 8,
      height: 46,
      borderColor: RULE,
      borderWidth: 0.8,
    });
    w.text(label, x + 8, w.y - 14, 8, MUTED);
    w.text(value, x + 8, w.y - 36, 16, INK, bold);
  });
  w.y -= 58;
  w.paragraph(
    `Gross: requests decided in the period whose decision raised a finding (${o.grossDefects}). Net: those with a finding still standing after the answers and settlements, withdrawn findings out (${o.netDefects}). Critical counts critical findings alone. Rates are of the requests decided.`,
    8.5,
  );
  if (report.truncated)
    w.paragraph(
      'More decisions were made than the gateway reads at once: the figures are of those read.',
      8.5,
    );

  trendChart(w, report);
  countTable(w, 'Findings by severity', 'Severity', report.bySeverity);
  countTable(w, 'Findings by category', 'Category', report.byCategory);
  countTable(w, 'Findings by check', 'Check', report.byItem);
  rateTable(w, 'By process', report.byProcess);
  rateTable(w, 'By firm', report.byFirm);
  rateTable(w, 'By notary', report.byNotary);
  rateTable(w, 'By reviewer', report.byReviewer);

  const a = report.answers;
  w.title('How findings were answered');
  w.table(
    [
      { title: 'Raised', width: 56, align: 'right' },
      { title: 'Cured', width: 56, align: 'right' },
      { title: 'Disputed', width: 56, align: 'right' },
      { title: 'Upheld', width: 56, align: 'right' },
      { title: 'Withdrawn', width: 60, align: 'right' },
      { title: 'Waiting', width: 56, align: 'right' },
      { title: 'On time', width: 56, align: 'right' },
      { title: 'Late', width: 50, align: 'right' },
      { title: 'Overdue', width: 54, align: 'right' },
    ],
    [
      [
        a.raised,
        a.cured,
        a.disputed,
        a.upheld,
        a.withdrawn,
        a.open,
        a.onTime,
        a.late,
        a.overdue,
      ].map(String),
    ],
  );
  w.paragraph(
    'On time: first answered by the due date the finding has (an upheld dispute sets a new one). Overdue: open, unanswered and past it now.',
    8,
  );

  w.title('The machine’s agreement');
  w.paragraph(
    report.machine
      ? `${report.machine.agreed} of ${report.machine.judged} checks the machine judged were decided alike by the reviewers.`
      : 'No checklist item is bound to a machine check in this period: there is no agreement to report.',
  );

  w.title('Corrective actions');
  w.table(
    [
      { title: 'Month', width: 46 },
      { title: 'About', width: 100 },
      { title: 'Action', width: 170 },
      { title: 'Owner', width: 70 },
      { title: 'Due', width: 56 },
      { title: 'Status', width: 62 },
    ],
    report.correctiveActions.map((c) => [
      c.month,
      `${c.target}: ${c.subject}`,
      c.action,
      c.owner,
      c.dueOn,
      c.status,
    ]),
    'No corrective actions recorded.',
  );

  w.pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${w.pages.length}`;
    page.drawText(label, {
      x: WIDTH - MARGIN - font.widthOfTextAtSize(label, 8),
      y: 30,
      size: 8,
      font,
      color: MUTED,
    });
    page.drawText('Attest QC', { x: MARGIN, y: 30, size: 8, font, color: MUTED });
  });
  return doc.save();
}
