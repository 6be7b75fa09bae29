import { toCsv } from '../../../../shared/csv.ts';

// The team view's exports are built in the browser from the figures on screen (the same
// rounding, team-format.ts), so a file says what the manager saw.

export interface CsvFile {
  name: string;
  header: readonly string[];
  rows: readonly (readonly (string | number | null | undefined)[])[];
}

/** Saves a CSV file through a link the browser follows once. */
export function downloadCsv(file: CsvFile): void {
  // A byte-order mark: Excel reads the file as UTF-8 only with it (names with accents).
  const blob = new Blob(['\uFEFF', toCsv(file.header, file.rows)], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `qc-team-throughput-2026-11-01-to-2026-11-28.csv` */
export const fileName = (section: string, range: { from: string; to: string }) =>
  `qc-team-${section}-${range.from}-to-${range.to}.csv`;
