import { afterAll, describe, expect } from 'vitest';
import type { Region } from '../../contract/findings.ts';
import { serviceTest } from '../testing/fixtures.ts';
import { inkIn, pdfFolder, pdfText, wordsIn } from '../testing/pdf-reading.ts';
import { itemKeyByName } from './catalog.ts';
import { DEFECT_ITEMS, type Defect } from './defects.ts';
import { demoRegions, readLayout } from './demo-regions.ts';

// The demo's documents agree with themselves (ADR 035, ADR 038): a request's document is what its
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

  it('are approved when clean, and rejected on a defect unless its reviewer missed it', ({
    rows,
    service,
  }) => {
    const decided = rows.filter((r) => r.status !== 'pending');
    const defects = (row: Row) => readLayout(service.ctx, row.fileId)?.defects ?? [];
    const clean = decided.filter((r) => defects(r).length === 0);
    const flawed = decided.filter((r) => defects(r).length > 0);
    expect(clean.every((r) => r.status === 'approved')).toBe(true);
    // A tenth or so of documents carry a defect; most of those are caught.
    expect(flawed.length / decided.length).toBeGreaterThan(0.05);
    expect(flawed.length / decided.length).toBeLessThan(0.35);
    const caught = flawed.filter((r) => r.status === 'rejected').length;
    expect(caught / flawed.length).toBeGreaterThan(0.75);
    expect(caught).toBeLessThan(flawed.length);
  });

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
      // Each failure is a defect drawn on the page, and its region shows that defect.
      const checked = new Set<string>();
      const sampled = spread(failures, (f) => `${f.row.process}:${f.item.displayName}`, 3);
      await eachLimited(sampled, 2, async ({ row, item }) => {
        const what = `${row.id}: ${item.displayName}`;
        const key = itemKeyByName(item.displayName) ?? '';
        const defect = readLayout(service.ctx, row.fileId)?.defects?.find((d) =>
          DEFECT_ITEMS[d.kind as Defect].includes(key),
        );
        if (!defect) throw new Error(`${what}: failed, yet no defect of it is on the page`);
        const path = await pdfPath(service.ctx.blobs.get(row.blobKey));
        const [region] = demoRegions(service.ctx, row.fileId, item.displayName) as [Region];
        await expect(shows(path, defect.kind as Defect, region), what).resolves.toBe(true);
        checked.add(defect.kind);
      });
      expect(checked.size).toBeGreaterThan(5);
    },
  );
});

/** Whether the region shows the defect: read by poppler, in words or in ink. */
async function shows(path: string, defect: Defect, region: Region): Promise<boolean> {
  switch (defect) {
    case 'unsigned':
    case 'no-seal':
      return (await inkIn(path, region)) < 5;
    case 'faint-seal':
      return (await inkIn(path, region)) < 40;
    case 'cut-off-seal':
    case 'other-seal':
      return (await inkIn(path, region)) > 30;
    case 'blank-county':
      return /^_+$/.test(await wordsIn(path, region));
    case 'date-mismatch':
      return /^[A-Z][a-z]+ \d{1,2}, \d{4},?$/.test(await wordsIn(path, region));
    case 'blank-page':
      return (await wordsIn(path, region)) === '';
    case 'wrong-reference':
      return /^Matter No\. MR-/.test(await wordsIn(path, region));
    case 'changed-after-signing':
      return (await wordsIn(path, region)).startsWith('Amended:');
  }
}
