import { describe, expect } from 'vitest';
import { demoTokens, serviceTest as it } from '../testing/fixtures.ts';
import { expectSealedWhole, missing, pdfsig, signedParts } from '../testing/pdf-verifiers.ts';
import { SIGNATURE_HEX_DIGITS } from './seal.ts';

interface CompletedRow {
  id: string;
  owner: string;
  completed_blob_key: string;
  completed_on: string;
}

describe('the demo’s completed signature requests', () => {
  it('each point at their document sealed; one of acme’s was changed after its seal', async ({
    service,
  }) => {
    const rows = service.ctx.db
      .prepare(
        `SELECT id, owner, completed_blob_key, completed_on FROM signature_requests
         WHERE status = 'completed' ORDER BY owner, completed_on DESC, id`,
      )
      .all() as unknown as CompletedRow[];
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.owner))).toEqual(new Set(['acme', 'globex']));

    const changed: CompletedRow[] = [];
    for (const row of rows) {
      expect(row.completed_blob_key).toBe(`sealed/${row.id}.pdf`);
      const pdf = service.ctx.blobs.get(row.completed_blob_key);
      if (!pdf) throw new Error(`no sealed document for ${row.id}`);
      const stamp = row.completed_on.replace(/[-:T]/g, '').slice(0, 14);
      expect(Buffer.from(pdf).toString('latin1')).toContain(`/M (D:${stamp}Z)`);
      // The signature covers all but itself, or stops short of what was appended after it.
      const covered = signedParts(pdf).signed.byteLength + SIGNATURE_HEX_DIGITS + 2;
      if (covered < pdf.byteLength) changed.push(row);
      else expect(covered).toBe(pdf.byteLength);
    }
    // Acme's most recently completed one.
    expect(changed.map((r) => r.id)).toEqual([rows.find((r) => r.owner === 'acme')?.id]);
  });

  it('verify, against the CA, with pdfsig and OpenSSL; the changed one is reported', async ({
    service,
    skip,
  }) => {
    const why = missing('pdfsig', 'certutil', 'openssl');
    if (why) return skip(why);
    const keys = service.ctx.db
      .prepare(
        `SELECT completed_blob_key AS key FROM signature_requests WHERE status = 'completed'
         AND owner = 'acme' ORDER BY completed_on DESC, id LIMIT 2`,
      )
      .all() as { key: string }[];
    const [changed, whole] = keys.map(({ key }) => service.ctx.blobs.get(key) ?? new Uint8Array());
    if (!changed || !whole) throw new Error('acme has fewer than two completed requests');
    const ca = service.ctx.keys.sealing.caPem;
    expectSealedWhole(whole, ca);
    const report = pdfsig(changed, ca);
    expect(report).toMatch(/Signature Validation: Signature is Valid\./);
    expect(report).toMatch(/Not total document signed/);
  });

  it('are sealed again by a reset of their owner', async ({ service }) => {
    const { globex } = await demoTokens(service);
    const completed = () =>
      service.ctx.db
        .prepare(
          `SELECT id, completed_blob_key AS key FROM signature_requests
           WHERE owner = 'globex' AND status = 'completed' ORDER BY id`,
        )
        .all() as { id: string; key: string }[];
    const before = completed();
    expect(before.length).toBeGreaterThan(0);
    // Another document under the key, so the reset must write the seal again to pass.
    const first = before[0];
    if (!first) throw new Error('globex has no completed request');
    service.ctx.blobs.put(first.key, new TextEncoder().encode('%PDF-1.7\nreplaced\n'));

    const reset = await service.send('POST', '/sandbox/v1/reset', { token: globex });
    expect(reset.status, reset.text).toBe(200);
    expect(completed()).toEqual(before);
    const pdf = service.ctx.blobs.get(first.key) ?? new Uint8Array();
    expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached/);
    if (!missing('openssl')) expectSealedWhole(pdf, service.ctx.keys.sealing.caPem);
  }, 60_000); // A reset renders the owner's documents again: seconds, more on a busy machine.
});
