// CSV (RFC 4180) cells and lines, shared by everything that writes a spreadsheet for people:
// the gateway's decision history (gateway/team-csv.ts) and the console's team view exports,
// which are built in the browser.

/**
 * One cell. A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or return
 * first) is prefixed with an apostrophe: text someone typed (a firm's name, a note) must
 * never run as one (OWASP, "CSV injection"). Numbers are written as they are: a negative
 * number is data, not a formula.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header, then the rows, each line ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
