import { afterAll, describe, expect } from 'vitest';
import type { Region } from '../../contract/findings.ts';
import { serviceTest } from '../testing/fixtures.ts';
import { inkIn, pdfFolder, pdfText, wordsIn } from '../testing/pdf-reading.ts';
import { ITEM_PARTS, itemKeyByName } from './catalog.ts';
import { demoRegions } from './demo-regions.ts';
import type { Part } from './layout.ts';

// The demo's documents agree with themselves (issue 42): a request's document is what its
// process reviews, title and body alike, and a seeded rejection's region covers the part of
// the page its check names: read back from the PDF by poppler, not from the generator.

const folder = pdfFolder();
afterAll(folder.remove);

interface Row {
  id: string;
  fileId: string;
  blobKey: string;
  title: string;
  process: string;
  status: string;
  verdicts: string;
  items: string;
  signer: string;
}

const it = serviceTest.extend(
  'rows',
  { scope: 'file' },
  ({ service }) =>
    service.ctx.db
      .prepare(
        `SELECT r.id, f.id AS fileId, f.blob_key AS blobKey, r.status, r.verdicts, v.items,
         json_extract(f.templates, '$[0].displayName') AS title, p.display_name AS process,
         u.display_name AS signer
       FROM qc_requests r JOIN files f ON f.id = r.file_id
       JOIN qc_processes p ON p.id = r.process_id
       JOIN checklist_versions v ON v.id = r.checklist_version_id
       JOIN users u ON u.id = r.signed_by
       ORDER BY r.id`,
      )
      .all() as unknown as Row[],
);

const pdfPath = async (bytes: Uint8Array | null) => folder.write(bytes);

/** What a process reviews: its title and the words only that kind of body has. */
const KINDS: [RegExp, RegExp, RegExp][] = [
  [/^(Legacy )?Affidavit review/, /^Affidavit of/, /\bAffiant\b/],
  [/^Power of attorney review$/, /^Power of Attorney$/, /attorney-in-fact/],
];

/** Up to `n` of each group, spread over the list. */
function spread<T>(items: T[], group: (item: T) => string, n: number): T[] {
  const groups = Map.groupBy(items, group);
  return [...groups.values()].flatMap((all) =>
    Array.from(
      { length: Math.min(n, all.length) },
      (_, i) => all[Math.floor((i * all.length) / Math.min(n, all.length))] as T,
    ),
  );
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item; item = queue.shift()) await fn(item);
    }),
  );
}

describe('the demo documents', () => {
  it(
    'are what their process reviews: title, body and process agree',
    { timeout: 60_000 },
    async ({ rows, service }) => {
      expect(rows.length).toBeGreaterThan(300);
      // Every request's title agrees with its process; a spread of each's bodies is read.
      for (const row of rows) {
        const kind = KINDS.find(([process]) => process.test(row.process));
        if (kind) expect(row.title, `${row.process}: ${row.id}`).toMatch(kind[1]);
      }
      const seen = new Set<string>();
      await eachLimited(
        spread(rows, (r) => r.process, 12),
        2,
        async (row) => {
          const path = await pdfPath(service.ctx.blobs.get(row.blobKey));
          const text = (await pdfText(path)).replace(/\s+/g, ' ');
          // The title the request shows is the one printed on the document.
          expect(text, row.id).toContain(row.title.toUpperCase());
          const kind = KINDS.find(([process]) => process.test(row.process));
          if (!kind) return;
          seen.add(row.process);
          const [, title, body] = kind;
          expect(row.title, `${row.process}: ${row.id}`).toMatch(title);
          expect(text, `${row.process}: ${row.id}`).toMatch(body);
          for (const [other, , otherBody] of KINDS) {
            if (other !== kind[0]) expect(text, row.id).not.toMatch(otherBody);
          }
        },
      );
      expect(seen).toEqual(new Set(['Affidavit review', 'Power of attorney review']));
    },
  );

  it(
    "mark a rejection's failed check over the part of the page it names",
    { timeout: 60_000 },
    async ({ rows, service }) => {
      const rejected = rows.filter((r) => r.status === 'rejected');
      expect(rejected.length).toBeGreaterThan(40);
      const failures = rejected.flatMap((row) => {
        const verdicts = JSON.parse(row.verdicts) as Record<string, { status: string }>;
        const items = JSON.parse(row.items) as { id: string; displayName: string }[];
        return items
          .filter((i) => verdicts[i.id]?.status === 'rejected')
          .map((item) => ({ row, item }));
      });
      // Every failed check is marked; a few of each kind are read back from the page.
      for (const { row, item } of failures) {
        const regions = demoRegions(service.ctx, row.fileId, item.displayName);
        expect(regions.length, `${row.id}: ${item.displayName}`).toBeGreaterThan(0);
      }
      const checked = new Set<Part>();
      const sampled = spread(failures, (f) => `${f.row.process}:${f.item.displayName}`, 3);
      await eachLimited(sampled, 2, async ({ row, item }) => {
        const failed = [item];
        const path = await pdfPath(service.ctx.blobs.get(row.blobKey));
        for (const item of failed) {
          const regions = demoRegions(service.ctx, row.fileId, item.displayName);
          const what = `${row.id}: ${item.displayName}`;
          expect(regions.length, what).toBeGreaterThan(0);
          const part = ITEM_PARTS[itemKeyByName(item.displayName) ?? '']?.[0];
          if (!part) throw new Error(`no part for ${what}`);
          // The first region of the item is over its part's ink.
          const [region] = regions as [Region];
          await expect(covers(path, part, region, row.signer), what).resolves.toBe(true);
          checked.add(part);
        }
      });
      expect(checked.size).toBeGreaterThan(6);
    },
  );
});

/** What each part shows in text; the signature is ink, checked in pixels. */
const WORDS: Partial<Record<Part, (signer: string) => RegExp>> = {
  reference: () => /Matter No\. MR-/,
  pageNumber: () => /Page \d of \d/,
  initials: () => /Initials/,
  title: () => /AFFIDAVIT|POWER OF ATTORNEY/,
  venue: () => /STATE OF .*COUNTY OF/,
  signerName: (signer) => new RegExp(ascii(signer)),
  principal: (signer) => new RegExp(ascii(signer)),
  agent: () => /^[A-Z][a-z]+( [A-Z][a-z.'-]+)+$/,
  signatureDate: () => /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
  notaryDate: () => /^[A-Z][a-z]+ \d{1,2}, \d{4},?$/,
  certificate: () => /Subscribed and sworn|personally appeared/,
  commission: () => /Commission No\. \d{8}/,
  powers: () => /\(a\) to negotiate/,
  durable: () => /not be affected by the subsequent disability/,
  alteration: () => /\w+ \w+ \w+/,
};

const ascii = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');

async function covers(path: string, part: Part, region: Region, signer: string) {
  // Blue-black ink in the box: the hand drawn over the line, the seal stamped.
  if (part === 'signature' || part === 'notarySignature' || part === 'seal') {
    return (await inkIn(path, region)) > 30;
  }
  const words = await wordsIn(path, region);
  const expected = WORDS[part]?.(signer);
  if (!expected) throw new Error(`no check for ${part}`);
  return expected.test(words);
}
