import { describe, expect } from 'vitest';
import { AccountSchema, EntitySchema } from '../../contract/accounts.ts';
import { startTestService, type JsonResponse } from '../testing/service.ts';
import { decryptSsn, encryptSsn, lastFour } from './ssn.ts';
import {
  ADDRESS,
  ssnForms,
  accountsTest as it,
  type AccountsTestKit,
} from '../testing/accounts.ts';

describe('ssn.ts', () => {
  const key = Buffer.alloc(32, 7);
  it('round-trips, normalised to digits, with a fresh IV each time', () => {
    const a = encryptSsn(key, '123-45-6789');
    const b = encryptSsn(key, '123-45-6789');
    expect(a).not.toBe(b);
    expect(decryptSsn(key, a)).toBe('123456789');
    expect(lastFour('12-3456789')).toBe('6789');
  });
  it('refuses a tampered ciphertext or another key', () => {
    const stored = encryptSsn(key, '123456789');
    const [v, iv, tag, data = ''] = stored.split('.');
    const flipped = `${data.startsWith('A') ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => decryptSsn(key, [v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => decryptSsn(Buffer.alloc(32, 8), stored)).toThrow();
  });
});

describe('an SSN never leaves the service', () => {
  let kit: AccountsTestKit;
  const logged: string[] = [];
  it.beforeAll(async ({ kit: started }) => {
    kit = started;
  });

  // Chosen to appear nowhere in the demo data.
  const SSN = '987-65-4329';
  const DIGITS = '987654329';

  it('is in no response of any accounts endpoint, no event and no stored column in the clear', async () => {
    const { service, acme } = kit;
    const responses: JsonResponse[] = [];
    const keep = (r: JsonResponse) => {
      responses.push(r);
      return r;
    };
    const entity = { type: 'BORROWER', name: 'SAM SECRET', ssn: SSN, officialAddress: ADDRESS };
    const put = keep(
      await service.send('PUT', '/accounts/v1/accounts', {
        token: acme,
        json: { crid: 'SSN-1', entities: [entity] },
      }),
    );
    const account = AccountSchema.parse(put.body);
    const base = `/accounts/v1/accounts/${account.id}`;
    const posted = keep(
      await service.send('POST', `${base}/entities`, {
        token: acme,
        json: { ...entity, type: 'DEBT_SETTLEMENT_COMPANY', ssn: DIGITS },
      }),
    );
    const { entityId } = EntitySchema.parse(posted.body);
    keep(await service.get(base, acme));
    keep(await service.get(`${base}/entities?owner=acme`, acme));
    keep(await service.get(`${base}/entities/${entityId}`, acme));
    keep(
      await service.get(
        '/accounts/v1/accounts?owner=acme&orderBy=createdOn&orderDirection=desc',
        acme,
      ),
    );
    keep(
      await service.send('PATCH', `${base}/entities/${entityId}`, {
        token: acme,
        json: { phone: '1', mailingAddress: ADDRESS },
      }),
    );
    // Rejected requests carrying the SSN must not echo it either.
    keep(
      await service.send('PATCH', `${base}/entities/${entityId}`, {
        token: acme,
        json: { ssn: SSN },
      }),
    );
    keep(
      await service.send('POST', `${base}/entities`, {
        token: acme,
        json: { ...entity, email: 'not-an-email' },
      }),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201, 200, 200, 200, 200, 200, 400, 400]);
    expect(responses[0]?.text).toContain('"ssnLastFour":"4329"');
    for (const { text } of responses) {
      for (const form of ssnForms(DIGITS)) expect(text).not.toContain(form);
      expect(text).not.toMatch(/"ssn"|ssn_encrypted|ssnEncrypted/);
    }

    const rows = service.ctx.db
      .prepare('SELECT * FROM entities WHERE account_id = ?')
      .all(account.id) as { ssn_encrypted: string }[];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(decryptSsn(service.ctx.keys.ssnKey, row.ssn_encrypted)).toBe(DIGITS);
      for (const form of ssnForms(DIGITS)) expect(JSON.stringify(row)).not.toContain(form);
    }
    const outbox = JSON.stringify(service.ctx.db.prepare('SELECT * FROM outbox').all());
    expect(outbox).toContain(account.matterId);
    for (const form of ssnForms(DIGITS)) expect(outbox).not.toContain(form);
  });

  it('is not logged, even when a request fails unexpectedly', async () => {
    const service = await startTestService({
      log: (message, detail) => logged.push(`${message} ${String(detail)}`),
    });
    try {
      const acme = await service.token('acme-admin');
      // Break the store under the handler so the request ends in the 500 path, which logs.
      service.ctx.db.exec(
        "CREATE TRIGGER fail BEFORE INSERT ON entities BEGIN SELECT RAISE(ABORT, 'boom'); END",
      );
      const result = await service.send('PUT', '/accounts/v1/accounts', {
        token: acme,
        json: { crid: 'SSN-LOG', entities: [{ type: 'BORROWER', name: 'A B', ssn: SSN }] },
      });
      expect(result.status).toBe(500);
      expect(result.text).toBe('{"message":"internal error"}');
      expect(logged.join('\n')).toMatch(/boom/);
      for (const form of ssnForms(DIGITS)) expect(logged.join('\n')).not.toContain(form);
      // The failed upsert left no account behind.
      const row = service.ctx.db.prepare("SELECT 1 FROM accounts WHERE crid = 'SSN-LOG'").get();
      expect(row).toBeUndefined();
    } finally {
      await service.close();
    }
  });
});
