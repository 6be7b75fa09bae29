// CSV (RFC 4180) cells and lines, shared by everything that writes a spreadsheet for people:
// the gateway's decision history (gateway/reviews/decisions-csv.ts) and the console's team
// view exports, which are built in the browser.

/**
 * One cell. A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or return
 * first) is prefixed with an apostrophe: text someone typed (a firm's name, a note) must
 * never run as one (OWASP, "CSV injection").
 *
 * Every text cell is quoted. A spreadsheet whose list separator is `;` (de-DE, fr-FR) reads
 * this comma-separated file by `;`, so an unquoted `ok;=1+1` would become two cells, the
 * second a live formula. Spreadsheets toggle "inside quotes" at each quote mark, so a `;`,
 * tab or comma within a quoted cell never starts a cell, whichever separator reads the file.
 * Numbers are written bare, so they stay numbers: a negative number is data, not a formula.
 * Every export's rows start with text (a date, a name, an id): read by `;`, a row is one cell
 * that starts as its first cell does.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value ?? '';
  if (text === '') return '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** A whole file: the header, then the rows, each line ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
