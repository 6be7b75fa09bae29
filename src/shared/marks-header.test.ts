import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DecisionMarksSchema,
  MARKS_HEADER_MAX,
  REGIONS_PER_FINDING_MAX,
  SEVERITIES,
  type DecisionMarks,
} from '../contract/findings.ts';
import { decodeMarksHeader, encodeMarksHeader } from './marks-header.ts';

const region = fc.record({
  page: fc.integer({ min: 1, max: 40 }),
  x: fc.double({ min: 0, max: 600, noNaN: true }),
  y: fc.double({ min: 0, max: 780, noNaN: true }),
  width: fc.double({ min: 0.01, max: 600, noNaN: true }),
  height: fc.double({ min: 0.01, max: 780, noNaN: true }),
});
const marks: fc.Arbitrary<DecisionMarks> = fc.record({
  items: fc.array(
    fc.record(
      {
        // Item ids are the service's UUIDs, but any text must survive: names are UTF-8.
        itemId: fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }),
        severity: fc.constantFrom(...SEVERITIES),
        regions: fc.array(region, { maxLength: 4 }),
      },
      { requiredKeys: ['itemId', 'regions'] },
    ),
    { maxLength: 6 },
  ),
});

describe('the Attest-Marks header', () => {
  it('carries the marks through base64url unchanged', () => {
    fc.assert(
      fc.property(marks, (sent) => {
        const value = encodeMarksHeader(sent);
        expect(value).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(DecisionMarksSchema.parse(decodeMarksHeader(value))).toEqual(sent);
      }),
    );
  });

  it('reads as Node reads base64url, so the gateway needs nothing of ours', () => {
    const sent: DecisionMarks = {
      items: [{ itemId: 'sceau – café', regions: [{ page: 2, x: 1, y: 2, width: 3, height: 4 }] }],
    };
    const value = encodeMarksHeader(sent);
    expect(JSON.parse(Buffer.from(value, 'base64url').toString('utf8'))).toEqual(sent);
    expect(value).toBe(Buffer.from(JSON.stringify(sent)).toString('base64url'));
  });

  it('stays within the header bound for the most regions a decision may mark', () => {
    const full: DecisionMarks = {
      items: Array.from({ length: 5 }, (_, i) => ({
        itemId: `0b5e6a1c-2d3f-4a5b-8c6d-7e8f9a0b1c${String(i).padStart(2, '0')}`,
        severity: 'critical',
        regions: Array.from({ length: REGIONS_PER_FINDING_MAX }, (_, r) => ({
          page: 100 + r,
          x: 123.45,
          y: 678.91,
          width: 234.56,
          height: 345.67,
        })),
      })),
    };
    expect(encodeMarksHeader(full).length).toBeLessThan(MARKS_HEADER_MAX);
  });

  it('refuses what is not base64url of JSON', () => {
    expect(decodeMarksHeader('not base64!')).toBeUndefined();
    expect(decodeMarksHeader(Buffer.from('{"items":').toString('base64url'))).toBeUndefined();
    expect(decodeMarksHeader(Buffer.from([0xff, 0xfe]).toString('base64url'))).toBeUndefined();
    expect(decodeMarksHeader('A')).toBeUndefined();
  });
});
