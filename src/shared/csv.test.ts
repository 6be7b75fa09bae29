import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

/**
 * How a spreadsheet reads one line with a given list separator: a quote mark toggles "inside
 * quotes", a doubled one inside is a literal quote, and the separator splits only outside.
 */
function readLine(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"' && quoted && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  return [...cells, cell];
}

/** What a spreadsheet would run: a cell that starts as a formula does. */
const FORMULA = /^[=+\-@\t\r]/;

describe('csvCell', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
  });

  it('quotes every text cell, commas, quotes and line breaks included', () => {
    expect(csvCell('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('ok;=1+1')).toBe('"ok;=1+1"');
  });

  it('writes numbers as numbers, and nothing for no value', () => {
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });
});

describe('toCsv', () => {
  it('ends every line with CRLF, the header first', () => {
    expect(toCsv(['a', 'b'], [[1, '=x']])).toBe(`"a","b"\r\n1,"'=x"\r\n`);
  });

  it('keeps a note with a semicolon one cell, where the list separator is ;', () => {
    const line = toCsv(['note'], [['first', 'ok;=1+1']]).split('\r\n')[1] ?? '';
    expect(readLine(line, ',')).toEqual(['first', 'ok;=1+1']);
    // Read by ; (de-DE, fr-FR), the whole line is one cell that starts as text.
    expect(readLine(line, ';')).toEqual(['first,ok;=1+1']);
  });

  it('never lets a cell start as a formula, read by , or by ;', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', '1', ' ', ',', ';', '"', '=', '+', '-', '@', '\t'),
    });
    fc.assert(
      // Every export's row starts with text (a date, a name, an id): read by ;, the whole row
      // is one cell, which starts as its first cell does.
      fc.property(text, fc.array(fc.oneof(text, fc.integer()), { maxLength: 5 }), (first, rest) => {
        const row = [first, ...rest];
        const line = toCsv(['header'], [row]).split('\r\n')[1] ?? '';
        // By its own separator it reads back as written (a defused cell keeps its apostrophe).
        const read = readLine(line, ',');
        expect(read).toEqual(
          row.map((v) => (typeof v === 'string' && FORMULA.test(v) ? `'${v}` : String(v))),
        );
        for (const separator of [',', ';'] as const) {
          for (const [i, cell] of readLine(line, separator).entries()) {
            // A bare number (read by its own separator) may start with "-"; text never runs.
            if (separator === ',' && typeof row[i] === 'number') continue;
            expect(cell).not.toMatch(FORMULA);
          }
        }
      }),
    );
  });
});
