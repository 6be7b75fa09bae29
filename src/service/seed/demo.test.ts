import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import type { ServiceContext } from '../context.ts';
import { openServiceContext } from '../server.ts';
import { type TestService } from '../testing/service.ts';
import { seedBulkAccounts, seedBulkQcRequests } from './bulk.ts';
import { seedDemo } from './demo.ts';

let service: TestService;
let db: ServiceContext['db'];
const count = (sql: string, ...params: string[]) => Number(db.prepare(sql).get(...params)?.n);

it.beforeAll(async ({ service: started }) => {
  service = started;
  db = service.ctx.db;
});

describe('demo data', () => {
  it('has the owners, clients and users of docs/design.md', () => {
    expect(db.prepare('SELECT id FROM owners ORDER BY id').all()).toEqual([
      { id: 'acme' },
      { id: 'globex' },
    ]);
    const clients = db
      .prepare(
        'SELECT c.id, c.owner, u.display_name AS user FROM clients c LEFT JOIN users u ON u.id = c.user_id ORDER BY c.id',
      )
      .all();
    expect(clients).toEqual([
      { id: 'acme-admin', owner: 'acme', user: 'Alex Admin' },
      { id: 'acme-integration', owner: 'acme', user: null },
      { id: 'acme-notary', owner: 'acme', user: 'Nora Notary' },
      { id: 'acme-qc-manager', owner: 'acme', user: 'Morgan Manager' },
      { id: 'acme-reviewer', owner: 'acme', user: 'Riley Reviewer' },
      { id: 'acme-second-notary', owner: 'acme', user: 'Noah Notary' },
      { id: 'globex-admin', owner: 'globex', user: 'Gwen Globex' },
    ]);
    expect(
      count("SELECT COUNT(*) AS n FROM users WHERE display_name = 'Nora Notary' AND is_notary = 1"),
    ).toBe(1);
    // The second notary login's user is a notary too.
    expect(
      count("SELECT COUNT(*) AS n FROM users WHERE display_name = 'Noah Notary' AND is_notary = 1"),
    ).toBe(1);
    expect(
      count('SELECT COUNT(*) AS n FROM users WHERE is_notary = 1 AND owner = ?', 'acme'),
    ).toBeGreaterThan(1);
    expect(
      count(
        'SELECT COUNT(*) AS n FROM users WHERE deactivated_on IS NOT NULL AND owner = ?',
        'acme',
      ),
    ).toBe(1);
  });

  it('seeds acme with the fixed number of each record', () => {
    const acme = (table: string) =>
      count(`SELECT COUNT(*) AS n FROM ${table} WHERE owner = ?`, 'acme');
    expect(acme('firms')).toBe(12);
    expect(acme('creditors')).toBe(20);
    expect(acme('accounts')).toBe(150);
    // 200 in the queue's days, and 120 decided over the five weeks before (ADR 003).
    expect(acme('qc_requests')).toBe(320);
    expect(acme('signature_requests')).toBe(60);
    expect(acme('signature_transactions')).toBe(30);
    expect(count("SELECT COUNT(*) AS n FROM accounts WHERE crid = 'CR-000123'")).toBe(1);
    expect(
      count('SELECT COUNT(*) AS n FROM entities WHERE owner = ?', 'acme'),
    ).toBeGreaterThanOrEqual(150);
  });

  it('has QC requests in all three states, with reviews and actors', () => {
    const states = db
      .prepare(
        "SELECT status, COUNT(*) AS n FROM qc_requests WHERE owner = 'acme' GROUP BY status ORDER BY status",
      )
      .all() as { status: string; n: number }[];
    expect(states.map((s) => s.status)).toEqual(['approved', 'pending', 'rejected']);
    expect(states.every((s) => s.n >= 10)).toBe(true);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM qc_requests WHERE status != 'pending' AND (reviewed_by IS NULL OR review_completed_on IS NULL)",
      ),
    ).toBe(0);
    expect(
      count("SELECT COUNT(*) AS n FROM qc_requests WHERE status = 'rejected' AND notes IS NULL"),
    ).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM qc_requests WHERE json_array_length(actors) < 2')).toBe(
      0,
    );
  });

  it('has versioned checklists with groups and allowNA items, and one archived process', () => {
    const versions = db
      .prepare(
        "SELECT c.display_name AS name, COUNT(*) AS n FROM checklist_versions v JOIN checklists c ON c.id = v.checklist_id WHERE c.owner = 'acme' GROUP BY c.id",
      )
      .all() as { name: string; n: number }[];
    expect(versions.some((v) => v.n >= 2)).toBe(true);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM checklist_versions v, json_each(v.items) i WHERE json_extract(i.value, '$.allowNA') = 1",
      ),
    ).toBeGreaterThan(0);
    expect(
      count(
        "SELECT COUNT(DISTINCT json_extract(i.value, '$.group')) AS n FROM checklist_versions v, json_each(v.items) i",
      ),
    ).toBeGreaterThan(3);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM qc_processes WHERE owner = 'acme' AND archived_on IS NOT NULL",
      ),
    ).toBe(1);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM qc_processes WHERE owner = 'acme' AND stage = 'postSigning' AND archived_on IS NULL",
      ),
    ).toBe(1);
  });

  it('has signature requests awaiting a wet-ink scan and completed ones', () => {
    expect(
      count(
        "SELECT COUNT(*) AS n FROM signature_requests WHERE owner = 'acme' AND status = 'awaitingWetInk' AND wet_ink = 1",
      ),
    ).toBeGreaterThanOrEqual(10);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM signature_requests WHERE owner = 'acme' AND status = 'completed' AND completed_on IS NOT NULL AND signed_by IS NOT NULL",
      ),
    ).toBeGreaterThan(0);
    const nora = db.prepare("SELECT id FROM users WHERE display_name = 'Nora Notary'").get() as {
      id: string;
    };
    expect(
      count(
        'SELECT COUNT(*) AS n FROM signature_transactions WHERE notary_id = ? OR signer_id = ?',
        nora.id,
        nora.id,
      ),
    ).toBeGreaterThan(0);
  });

  it('stores every document as a real PDF with its matter reference', () => {
    const files = db.prepare('SELECT blob_key, size, matter_reference FROM files').all() as {
      blob_key: string;
      size: number;
      matter_reference: string;
    }[];
    expect(files.length).toBeGreaterThan(250);
    for (const file of files) {
      const bytes = service.ctx.blobs.get(file.blob_key);
      expect(bytes?.byteLength).toBe(file.size);
      expect(
        Buffer.from(bytes ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const scans = db
      .prepare('SELECT scan_blob_key FROM signature_requests WHERE scan_blob_key IS NOT NULL')
      .all() as { scan_blob_key: string }[];
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.every((s) => service.ctx.blobs.has(s.scan_blob_key))).toBe(true);
  });

  it('is deterministic: a second seed gives the same records', async () => {
    const fresh = await openServiceContext(null, { log: () => {} });
    expect(await seedDemo(fresh)).toBe(true);
    expect(await seedDemo(fresh)).toBe(false);
    // Everything but ciphertexts and salted hashes, which are random by design.
    const snapshot = (d: ServiceContext['db']) =>
      [
        'users',
        'firms',
        'accounts',
        'qc_requests',
        'signature_requests',
        'signature_transactions',
        'files',
        'checklist_versions',
        'redactions',
      ].map((table) => d.prepare(`SELECT * FROM ${table} ORDER BY id`).all());
    expect(snapshot(fresh.db)).toEqual(snapshot(db));
    const entityColumns = 'id, name, first_name, last_name, date_of_birth, ssn_last_four, metadata';
    expect(fresh.db.prepare(`SELECT ${entityColumns} FROM entities ORDER BY id`).all()).toEqual(
      db.prepare(`SELECT ${entityColumns} FROM entities ORDER BY id`).all(),
    );
    fresh.db.close();
  }, 60_000);

  it('adds bulk QC requests and accounts for benchmarks', () => {
    const before = count("SELECT COUNT(*) AS n FROM qc_requests WHERE owner = 'acme'");
    seedBulkQcRequests(service.ctx, 'acme', 2000);
    seedBulkAccounts(service.ctx, 'acme', 500);
    expect(count("SELECT COUNT(*) AS n FROM qc_requests WHERE owner = 'acme'")).toBe(before + 2000);
    expect(count("SELECT COUNT(*) AS n FROM accounts WHERE owner = 'acme'")).toBe(650);
    // A second batch continues the numbering rather than colliding with the first.
    seedBulkQcRequests(service.ctx, 'acme', 10);
    expect(count("SELECT COUNT(*) AS n FROM qc_requests WHERE owner = 'acme'")).toBe(before + 2010);
  });
});
