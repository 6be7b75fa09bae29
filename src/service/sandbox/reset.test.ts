import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { SandboxResetResultSchema } from '../../contract/sandbox.ts';
import { ownerScopes } from './reset.ts';

// A reset takes a few seconds: it renders the owner's demo PDFs again.
const RESET_TIMEOUT = 60_000;

const demo = demoSetup();

// Encrypted SSNs carry a random IV, so the same SSN encrypts differently on each seed.
const RANDOM_COLUMNS = new Set(['ssn_encrypted']);

/** Every row of the owner in every table, keyed by table. */
function dump(owner: string) {
  const { db } = demo.service.ctx;
  const result: Record<string, unknown[]> = {};
  for (const { table, where } of ownerScopes(db)) {
    const rows = db.prepare(`SELECT * FROM "${table}" WHERE ${where} ORDER BY 1`).all(owner);
    result[table] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !RANDOM_COLUMNS.has(key))),
    );
  }
  return result;
}

const reset = (token: string) => demo.service.send('POST', '/sandbox/v1/reset', { token });

describe('ownerScopes', () => {
  it('finds every table of an owner, children before parents, and keeps logins', () => {
    const scopes = ownerScopes(demo.service.ctx.db);
    const tables = scopes.map((s) => s.table);
    for (const kept of ['owners', 'clients', 'issued_tokens']) expect(tables).not.toContain(kept);
    for (const table of ['users', 'accounts', 'entities', 'files', 'signature_requests']) {
      expect(scopes.find((s) => s.table === table)?.where).toBe('owner = ?');
    }
    expect(scopes.find((s) => s.table === 'checklist_versions')?.where).toMatch(
      /"checklist_id" IN \(SELECT "id" FROM "checklists" WHERE owner = \?\)/,
    );
    expect(scopes.find((s) => s.table === 'delivery_attempts')?.where).toMatch(/"outbox"/);
    const before = (child: string, parent: string) =>
      expect(tables.indexOf(child)).toBeLessThan(tables.indexOf(parent));
    before('entities', 'accounts');
    before('qc_requests', 'files');
    before('checklist_versions', 'checklists');
    before('delivery_attempts', 'outbox');
    before('signature_requests', 'files');
  });
});

describe('POST /sandbox/v1/reset', () => {
  it(
    "restores the caller's owner's demo data only, and logins keep working",
    async () => {
      const acmeBefore = dump('acme');
      const { db } = demo.service.ctx;
      // Change acme in several places, through the API and underneath it.
      const request = db
        .prepare("SELECT id FROM signature_requests WHERE owner = 'acme' AND status = 'pending'")
        .get() as { id: string };
      const done = await demo.service.send(
        'POST',
        `/sandbox/v1/signature-requests/${request.id}/complete`,
        { token: demo.admin },
      );
      expect(done.status).toBe(200);
      db.prepare("UPDATE users SET display_name = 'Changed' WHERE owner = 'acme'").run();
      db.prepare("DELETE FROM entities WHERE owner = 'acme'").run();
      db.prepare(
        "UPDATE checklist_versions SET items = '[]' WHERE checklist_id IN (SELECT id FROM checklists WHERE owner = 'acme')",
      ).run();
      // ...and globex, which the reset must leave as it is.
      db.prepare("UPDATE firms SET name = 'Globex changed' WHERE owner = 'globex'").run();
      const globexBefore = dump('globex');
      expect(dump('acme')).not.toEqual(acmeBefore);

      const result = await reset(demo.admin);
      expect(result.status, result.text).toBe(200);
      const summary = SandboxResetResultSchema.parse(result.body);
      expect(summary.owner).toBe('acme');
      expect(summary.removed).toBeGreaterThan(1000);
      expect(summary.restored).toMatchObject({
        users: acmeBefore.users?.length,
        accounts: 150,
        signature_requests: 60,
        outbox: 0,
      });

      expect(dump('acme')).toEqual(acmeBefore);
      expect(dump('globex')).toEqual(globexBefore);
      // Tokens issued before the reset still work, for every client of the owner.
      for (const token of [demo.admin, demo.integration]) {
        expect((await demo.service.get('/accounts/v1/accounts?owner=acme', token)).status).toBe(
          200,
        );
      }
      expect((await demo.service.get('/accounts/v1/firms?owner=globex', demo.globex)).status).toBe(
        200,
      );
    },
    RESET_TIMEOUT,
  );

  it(
    "resets globex for globex's admin without touching acme",
    async () => {
      demo.service.ctx.db
        .prepare("UPDATE accounts SET crid = crid || '-x' WHERE owner = 'acme'")
        .run();
      const acmeBefore = dump('acme');
      const result = await reset(demo.globex);
      expect(result.status, result.text).toBe(200);
      expect(SandboxResetResultSchema.parse(result.body).owner).toBe('globex');
      const firms = demo.service.ctx.db
        .prepare(
          "SELECT COUNT(*) AS n FROM firms WHERE owner = 'globex' AND name = 'Globex changed'",
        )
        .get();
      expect(firms?.n).toBe(0);
      expect(dump('acme')).toEqual(acmeBefore);
    },
    RESET_TIMEOUT,
  );
});
