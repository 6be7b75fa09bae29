import { PDFDocument } from 'pdf-lib';
import { describe, expect } from 'vitest';
import type { RedactionRow } from '../files/redactions.routes.ts';
import { serviceTest } from '../testing/fixtures.ts';

// The seeded redactions (demo-redactions.ts); their determinism is in demo.test.ts.

interface Row extends RedactionRow {
  file_owner: string | null;
  creator_owner: string | null;
  blob_key: string;
}
/** `rows`: the seeded redactions, with their files' and creators' owners. */
const it = serviceTest.extend(
  'rows',
  { scope: 'file' },
  ({ service }) =>
    () =>
      service.ctx.db
        .prepare(
          `SELECT r.*, f.owner AS file_owner, f.blob_key, u.owner AS creator_owner FROM redactions r
       LEFT JOIN files f ON f.id = r.file_id LEFT JOIN users u ON u.id = r.created_by`,
        )
        .all() as unknown as Row[],
);

describe('demo redactions', () => {
  it('gives both owners some, on files and by users of their own', ({ rows }) => {
    const all = rows();
    const of = (owner: string) => all.filter((r) => r.owner === owner);
    expect(of('acme').length).toBeGreaterThan(100);
    expect(of('globex').length).toBeGreaterThan(5);
    expect(all.every((r) => r.file_owner === r.owner && r.creator_owner === r.owner)).toBe(true);
    const files = new Set(of('acme').map((r) => r.file_id));
    expect(files.size).toBeGreaterThan(30);
    expect(new Set(all.map((r) => r.reason))).toContain('Account number');
  });

  it("lies on a page of its file, inside the page's US Letter box", async ({ service, rows }) => {
    const all = rows();
    expect(all.every((r) => r.x + r.width <= 612 && r.y + r.height <= 792)).toBe(true);
    for (const r of all.filter((_, i) => i % 10 === 0)) {
      const pdf = await PDFDocument.load(service.ctx.blobs.get(r.blob_key) as Uint8Array);
      expect(r.page).toBeLessThanOrEqual(pdf.getPageCount());
    }
  });
});
