import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PDFDocument, degrees } from 'pdf-lib';
import { MARKS_HEADER_MAX, type DecisionMarks } from '../../contract/findings.ts';
import { encodeMarksHeader } from '../../shared/marks-header.ts';
import { checkMarks, parseMarks } from './marks.ts';
import { documentTurns, NotAPdf, PageBoxesBusy, readPageBoxes } from './page-boxes.ts';

// The Attest-Marks header read and checked (ADR 029), and a document's page boxes, without
// HTTP: each refusal names what is wrong.

const items = [
  { id: 'a1b2', displayName: 'Seal legible', severity: 'major' as const },
  { id: 'c3d4', displayName: 'Signature', severity: 'critical' as const },
];
const letter = { width: 612, height: 792 };
const region = { page: 1, x: 10, y: 10, width: 100, height: 50 };
const marks = (...list: DecisionMarks['items']): DecisionMarks => ({ items: list });

describe('parseMarks', () => {
  it('reads what the console writes', () => {
    const sent = marks({ itemId: 'a1b2', severity: 'critical', regions: [region] });
    expect(parseMarks(encodeMarksHeader(sent))).toEqual({ ok: true, value: sent });
  });

  it('refuses what is not base64url of DecisionMarks, naming where', () => {
    const refusal = (value: string) => {
      const parsed = parseMarks(value);
      return parsed.ok ? 'accepted' : parsed.message;
    };
    expect(refusal('%%')).toMatch(/base64url/);
    expect(refusal('x'.repeat(MARKS_HEADER_MAX + 1))).toMatch(/at most 16384 characters/);
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(
      refusal(encode({ items: [{ itemId: 'a', regions: [{ ...region, page: 0 }] }] })),
    ).toMatch(/items\.0\.regions\.0\.page/);
    expect(refusal(encode({ items: [{ itemId: 'a', severity: 'fatal', regions: [] }] }))).toMatch(
      /items\.0\.severity/,
    );
    expect(refusal(encode({ items: [], extra: 1 }))).toMatch(/Attest-Marks/);
    expect(
      refusal(encodeMarksHeader(marks({ itemId: 'a', regions: [] }, { itemId: 'a', regions: [] }))),
    ).toMatch(/names an item twice/);
  });
});

describe('parseMarks on anything', () => {
  it('never throws: any header value is read or refused with a message', () => {
    const json = fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url'));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), json), (value) => {
        const parsed = parseMarks(value);
        expect(parsed.ok || parsed.message.length > 0).toBe(true);
      }),
    );
  });
});

describe('checkMarks', () => {
  const check = (m: DecisionMarks, pages = [letter, letter]) => checkMarks(m, { items, pages });

  it('passes regions inside their page, to the edge and a fraction past it', () => {
    expect(check(marks({ itemId: 'A1B2', regions: [region, { ...region, page: 2 }] }))).toBe(
      undefined,
    );
    const edge = { page: 1, x: 512.3, y: 0, width: 100, height: 792.2 };
    expect(check(marks({ itemId: 'a1b2', regions: [edge] }))).toBeUndefined();
  });

  it('refuses an unknown item, a lower severity, a page past the end, a region off its page', () => {
    expect(check(marks({ itemId: 'zz', regions: [] }))).toMatch(/zz is not on this QC request/);
    expect(check(marks({ itemId: 'c3d4', severity: 'major', regions: [] }))).toMatch(
      /"Signature" is critical in its process/,
    );
    expect(check(marks({ itemId: 'c3d4', severity: 'critical', regions: [] }))).toBeUndefined();
    expect(check(marks({ itemId: 'a1b2', regions: [{ ...region, page: 3 }] }))).toMatch(
      /page 3, but the document has 2 pages/,
    );
    expect(check(marks({ itemId: 'a1b2', regions: [{ ...region, x: 600 }] }))).toMatch(
      /outside page 1 \(612 × 792 pt\): it reaches 700 × 60/,
    );
    expect(check(marks({ itemId: 'a1b2', regions: [{ ...region, y: 750 }] }), [letter])).toMatch(
      /outside page 1/,
    );
  });
});

describe('readPageBoxes', () => {
  it('reads each page’s crop box as stored, whatever its rotation', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    const cropped = doc.addPage([612, 792]);
    cropped.setCropBox(36, 36, 540, 720);
    const turned = doc.addPage([842, 595]);
    turned.setRotation(degrees(90));
    const pages = await readPageBoxes(await doc.save());
    expect(pages).toEqual([
      { width: 612, height: 792 },
      { width: 540, height: 720 },
      { width: 842, height: 595 },
    ]);
  });

  it('refuses what is not a PDF', async () => {
    await expect(readPageBoxes(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(NotAPdf);
  });
});

describe('documentTurns', () => {
  it('runs two at once, queues one, and turns the next away at once', async () => {
    const run = documentTurns(2, 1);
    const gates: (() => void)[] = [];
    const held = () =>
      run(() => new Promise<string>((resolve) => gates.push(() => resolve('done'))));
    const running = [held(), held(), held()];
    await expect(held()).rejects.toBeInstanceOf(PageBoxesBusy);
    expect(gates).toHaveLength(2);
    gates.shift()?.();
    await running[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(gates).toHaveLength(2); // the queued one took the place
    for (const open of gates.splice(0)) open();
    expect(await Promise.all(running)).toEqual(['done', 'done', 'done']);
  });
});
