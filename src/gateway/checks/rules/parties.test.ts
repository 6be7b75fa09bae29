import { afterAll, describe, expect, it } from 'vitest';
import { renderDocument } from '../../../service/seed/documents.ts';
import { documentFacts } from '../../../service/testing/document-facts.ts';
import { onPostgres } from '../../testing/database.ts';
import type { DocumentRead, PageRead } from '../document-read.ts';
import { documentReader } from '../reader.ts';
import { checkFacts } from '../testing/facts.ts';
import { agentNamed, principalNamed } from './parties.ts';

// A power of attorney's parties, in the service's generated grant and in another phrasing of
// a grant written here word by word: blank, initials only or another person's name fail with
// the name's region; a document that grants nothing is unsure.

const reader = documentReader({ ocr: false });
afterAll(() => reader.close());

const facts = checkFacts();

const poa = async (change: { signerName?: string; agentName?: string }) =>
  reader.read(
    (
      await renderDocument(
        documentFacts({ title: 'Durable Power of Attorney', agentName: 'Sam Agent', ...change }),
      )
    ).bytes,
  );

describe.skipIf(onPostgres())("a power of attorney's parties", () => {
  it('pass a grant naming both in full, the principal as the signer', async () => {
    const read = await poa({ signerName: 'Jose M. Alvarez' });
    const principal = principalNamed(read, facts);
    expect(principal.verdict, principal.reason).toBe('pass');
    expect(principal.reason).toContain('Jose M. Alvarez');
    const agent = agentNamed(read, facts);
    expect(agent.verdict, agent.reason).toBe('pass');
    expect(agent.reason).toContain('Sam Agent');
    expect(agent.regions[0]?.page).toBe(1);
  });

  it('fail an agent left blank or named by an initial, with where the name is', async () => {
    for (const agentName of ['________', 'S. Agent', 'Sam']) {
      const agent = agentNamed(await poa({ agentName }), facts);
      expect(agent.verdict, `${agentName}: ${agent.reason}`).toBe('fail');
      expect(agent.regions).toHaveLength(1);
      expect(agent.regions[0]).toMatchObject({ page: 1 });
    }
  });

  it('fail a principal who is not the signer, or is left blank', async () => {
    const other = principalNamed(await poa({ signerName: 'Maria Lopez' }), facts);
    expect(other.verdict, other.reason).toBe('fail');
    expect(other.reason).toMatch(/Maria Lopez, not the signer José Álvarez/);
    const blank = principalNamed(await poa({ signerName: '________' }), facts);
    expect(blank.verdict, blank.reason).toBe('fail');
  });

  it('are unsure of a document that grants no power', async () => {
    const read = await reader.read((await renderDocument(documentFacts())).bytes);
    for (const rule of [principalNamed, agentNamed])
      expect(rule(read, facts).verdict).toBe('unsure');
  });
});

/** A page of lines, each at its own height, as a reader would give them. */
const page = (lines: string[], source: PageRead['source'] = 'text'): DocumentRead => ({
  pageCount: 1,
  pages: [
    {
      page: 1,
      width: 612,
      height: 792,
      source,
      words: lines.map((text, i) => ({
        text,
        x: 72,
        y: 100 + i * 16,
        width: 6 * text.length,
        height: 11,
      })),
      ink: { width: 0, height: 0, scale: 1, dark: new Uint8Array(0) },
    },
  ],
});

describe('another phrasing of a grant', () => {
  const grant = (principal: string, agent: string) => [
    'LIMITED POWER OF ATTORNEY',
    `Principal: ${principal}`,
    `The Principal appoints ${agent} as my agent and attorney-in-fact`,
    'to sign the closing documents of the matter above.',
  ];

  it('is read wherever it puts the names', () => {
    const read = page(grant('José Álvarez', 'Ruth Ann Keller'));
    expect(principalNamed(read, facts).verdict).toBe('pass');
    const agent = agentNamed(read, facts);
    expect(agent.verdict, agent.reason).toBe('pass');
    expect(agent.reason).toContain('Ruth Ann Keller');
    // The region is the name's part of its line, not the whole line.
    expect(agent.regions[0]!.x).toBeGreaterThan(72 + 6 * 'The Principal appoints'.length - 4);
  });

  it('fails an initial, and is unsure of it where OCR read it', () => {
    expect(agentNamed(page(grant('José Álvarez', 'R. Keller')), facts).verdict).toBe('fail');
    expect(agentNamed(page(grant('José Álvarez', 'R. Keller'), 'ocr'), facts).verdict).toBe(
      'unsure',
    );
  });
});
