import { DatabaseSync } from 'node:sqlite';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { QcRequestListSchema, QcRequestSchema } from '../../contract/qc.ts';
import { MIGRATION_COUNT, migrate } from '../store/migrations.ts';
import { storedValue, type TestService } from '../testing/service.ts';

// A review's shortId was "reviews so far + 1", which repeats the seed's ids; a
// burst of decisions produced 52 duplicates.

let service: TestService;
let reviewer: string;
let riley: string;

it.beforeAll(async ({ service: started }) => {
  service = started;
  reviewer = await service.token('acme-reviewer');
  riley = storedValue(service.ctx.db, "SELECT id FROM users WHERE display_name = 'Riley Reviewer'");
});

const shortIds = (owner: string) =>
  (
    service.ctx.db
      .prepare(
        'SELECT review_short_id AS s FROM qc_requests WHERE owner = ? AND review_short_id IS NOT NULL',
      )
      .all(owner) as { s: string }[]
  ).map((row) => row.s);

describe('review shortIds', () => {
  it('are unique per owner, seeded ones included, under concurrent decisions', async () => {
    const seeded = shortIds('acme');
    expect(seeded.length).toBeGreaterThan(20);
    expect(new Set(seeded).size).toBe(seeded.length);

    const page = await service.get(
      '/qc/v2/qc/requests?owner=acme&status=pending&limit=40',
      reviewer,
    );
    const { qcRequests } = QcRequestListSchema.parse(page.body);
    expect(qcRequests).toHaveLength(40);
    const results = await Promise.all(
      qcRequests.map((request) =>
        service.send('PATCH', `/qc/v2/qc/requests/${request.id}`, {
          token: reviewer,
          json: { status: 'rejected', reviewedBy: riley, notes: 'burst' },
        }),
      ),
    );
    const decided = results.map((result) => {
      expect(result.status, result.text).toBe(200);
      return QcRequestSchema.parse(result.body).review?.shortId;
    });
    expect(decided.every((id) => /^R-\d{5}$/.test(id ?? ''))).toBe(true);
    expect(new Set(decided).size).toBe(decided.length);
    const all = shortIds('acme');
    expect(all).toHaveLength(seeded.length + decided.length);
    expect(new Set(all).size).toBe(all.length);
  });

  it('are one sequence per owner: the seed numbers each owner from R-00001', () => {
    for (const owner of ['acme', 'globex']) {
      const seeded = (
        service.ctx.db
          .prepare(
            "SELECT review_short_id AS s FROM qc_requests WHERE owner = ? AND notes IS NOT 'burst' AND review_short_id IS NOT NULL ORDER BY review_short_id",
          )
          .all(owner) as { s: string }[]
      ).map((row) => row.s);
      expect(seeded.length).toBeGreaterThan(0);
      expect(seeded).toEqual(seeded.map((_, i) => `R-${String(i + 1).padStart(5, '0')}`));
    }
  });

  it('cannot repeat: the store refuses a duplicate', () => {
    const [first, second] = service.ctx.db
      .prepare(
        "SELECT id, review_short_id FROM qc_requests WHERE owner = 'acme' AND review_short_id IS NOT NULL LIMIT 2",
      )
      .all() as { id: string; review_short_id: string }[];
    expect(() =>
      service.ctx.db
        .prepare('UPDATE qc_requests SET review_short_id = ? WHERE id = ?')
        .run(first?.review_short_id ?? '', second?.id ?? ''),
    ).toThrow(/UNIQUE/);
  });
});

describe('migration 005', () => {
  it('renumbers duplicate shortIds after the highest, keeping the earliest, and starts the sequences', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, 4);
    db.exec(`
      INSERT INTO owners VALUES ('a', 'A'), ('b', 'B'), ('c', 'C');
      INSERT INTO users (id, owner, display_name, email, created_on) VALUES ('u', 'a', 'U', 'u@x', 't');
      INSERT INTO checklists (id, owner, display_name, created_on) VALUES ('cl', 'a', 'C', 't');
      INSERT INTO checklist_versions (id, checklist_id, version, items, created_on) VALUES ('v', 'cl', '1', '[]', 't');
      INSERT INTO qc_processes (id, owner, display_name, checklist_id, stage, created_on) VALUES ('p', 'a', 'P', 'cl', 'standard', 't');
      INSERT INTO files (id, owner, filename, size, blob_key, matter_reference, prepared_by, prepared_on, firm_id, templates, created_on)
        VALUES ('f', 'a', 'f.pdf', 1, 'k', 'm', 'x', 't', 'firm', '[]', 't');
    `);
    const insert = db.prepare(
      `INSERT INTO qc_requests (id, owner, process_id, checklist_version_id, file_id, firm_id, status, review_id,
        review_short_id, review_completed_on, created_on) VALUES (?, ?, 'p', 'v', 'f', 'firm', 'approved', ?, ?, ?, 't')`,
    );
    const rows: [string, string, string | null, string | null][] = [
      // owner a: R-00002 three times, R-00007 twice; the earliest of each keeps it.
      ['a1', 'a', 'R-00002', '2026-01-03T00:00:00.000Z'],
      ['a2', 'a', 'R-00002', '2026-01-01T00:00:00.000Z'],
      ['a3', 'a', 'R-00002', '2026-01-02T00:00:00.000Z'],
      ['a4', 'a', 'R-00007', '2026-01-05T00:00:00.000Z'],
      ['a5', 'a', 'R-00007', '2026-01-04T00:00:00.000Z'],
      ['a6', 'a', 'R-00001', '2026-01-06T00:00:00.000Z'],
      ['a7', 'a', null, null],
      // owner b shares a's ids without clashing: shortIds are per owner.
      ['b1', 'b', 'R-00002', '2026-01-01T00:00:00.000Z'],
      ['b2', 'b', 'R-00002', '2026-01-01T00:00:00.000Z'],
    ];
    for (const [id, owner, shortId, completed] of rows) {
      insert.run(id, owner, shortId ? `review-${id}` : null, shortId, completed);
    }

    expect(migrate(db)).toBe(MIGRATION_COUNT);

    const after = Object.fromEntries(
      (
        db.prepare('SELECT id, review_short_id AS s FROM qc_requests ORDER BY id').all() as {
          id: string;
          s: string | null;
        }[]
      ).map((row) => [row.id, row.s]),
    );
    expect(after).toEqual({
      a1: 'R-00009', // the extra copies, in completion order: a3, a1, a4
      a2: 'R-00002',
      a3: 'R-00008',
      a4: 'R-00010',
      a5: 'R-00007',
      a6: 'R-00001',
      a7: null,
      b1: 'R-00002', // tie on completion: the lower id keeps it
      b2: 'R-00003',
    });
    expect(db.prepare('SELECT owner, last FROM review_sequences ORDER BY owner').all()).toEqual([
      { owner: 'a', last: 10 },
      { owner: 'b', last: 3 },
    ]);
    expect(() =>
      db.prepare("UPDATE qc_requests SET review_short_id = 'R-00001' WHERE id = 'a2'").run(),
    ).toThrow(/UNIQUE/);
    db.close();
  });
});
