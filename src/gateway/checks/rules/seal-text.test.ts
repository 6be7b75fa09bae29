import { describe, expect, it } from 'vitest';
import { compareSealNumbers, numbersIn } from './seal-text.ts';

// What OCR made of seals, as it reads them: the number between the rings, its slips, the
// lines around it.

const onFile = 'NOTARY PUBLIC\nCOMM. NO.\n40817263\nMY COMMISSION EXPIRES\nMARCH 3, 2028';

describe('numbersIn', () => {
  it('finds a long number, its lookalike letters read back as digits', () => {
    expect(numbersIn(onFile)).toEqual(['40817263']);
    expect(numbersIn('COMM. N0.\n4O8l7263')).toEqual(['40817263']);
    expect(numbersIn('4081 7263')).toEqual(['40817263']);
  });

  it('leaves out words, dates and short numbers', () => {
    expect(numbersIn('MY COMMISSION EXPIRES\nMARCH 3, 2028\nSOS 12')).toEqual([]);
    // Dates as OCR read them off seals: none is a number.
    expect(
      numbersIn('JULY 27, 2030\nJANUARY 22.3927\nEXPIRES 03/03/2028\n% JULY 22, 2650 &'),
    ).toEqual([]);
    expect(numbersIn('COMM. NO. 1234')).toEqual([]);
  });
});

describe('compareSealNumbers', () => {
  it('agrees on the number on file, within a slip or two of OCR', () => {
    expect(compareSealNumbers({ stamped: 'C0MM NO\n40817263', onFile })).toEqual({
      agree: true,
      stamped: '40817263',
      onFile: '40817263',
    });
    expect(compareSealNumbers({ stamped: '4O817268', onFile })?.agree).toBe(true);
  });

  it("tells another commission's number apart", () => {
    expect(compareSealNumbers({ stamped: 'COMM. NO.\n93152046', onFile })).toEqual({
      agree: false,
      stamped: '93152046',
      onFile: '40817263',
    });
  });

  it('tells nothing where a number is half read, or not read on either seal', () => {
    // Three digits off: neither the notary's own for sure, nor surely another's.
    expect(compareSealNumbers({ stamped: '40811295', onFile })).toBeUndefined();
    expect(compareSealNumbers({ stamped: '408172', onFile })).toBeUndefined();
    expect(compareSealNumbers({ stamped: 'NOTARY PUBLIC', onFile })).toBeUndefined();
    expect(compareSealNumbers({ stamped: '93152046', onFile: 'NOTARY PUBLIC' })).toBeUndefined();
    // A scan's stamp read with its number half there, and the expiry day misread (as OCR read
    // a held-out scan): nothing, not another's seal.
    expect(
      compareSealNumbers({
        stamped: 'COMM. NO\n; 42263\n% JULY 22, 2650 &',
        onFile: 'COMM. NO.\n28422635\nJuLy 27, 2030 &',
      }),
    ).toBeUndefined();
  });

  it("takes no number printed on the page outside the stamp for the stamp's own", () => {
    // A certificate without a seal prints the commission number under the signature: read
    // beside a flourish of ink, it is no stamp of the notary's.
    const printed = 'Notary Public, State of Texas\nCommission No. 40817263';
    expect(compareSealNumbers({ stamped: 'No. 40817263', onFile, printed })).toBeUndefined();
    expect(compareSealNumbers({ stamped: 'No. 40817263\n93152046', onFile, printed })?.agree).toBe(
      false,
    );
  });

  it("tells another's seal by one number of its own, whatever else is the same", () => {
    const twice = 'COMM. NO. 40817263\nNOTARY ID 55512345';
    expect(compareSealNumbers({ stamped: 'NOTARY ID 55512345', onFile: twice })?.agree).toBe(true);
    expect(
      compareSealNumbers({ stamped: 'COMM. NO. 93152046\nNOTARY ID 55512345', onFile: twice }),
    ).toEqual({ agree: false, stamped: '93152046', onFile: '40817263' });
  });
});
