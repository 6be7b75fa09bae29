import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { MAX_TRANSACTION_FILTER_VALUES, TransactionListSchema } from '../../contract/signatures.ts';
import { expectError, type TestService } from '../testing/service.ts';

// The transactions filter's field name was looked up on a plain object, so
// `constructor` answered 500; and `status:pending,otpMethod:sms` was read as two statuses.

let service: TestService;
let notary: string;

// Transactions of Nora Notary's in a client group of their own, so the filters below can be
// checked against a known set whatever the demo data holds.
const GROUP = 'filter-test';
const ROWS = [
  { key: 'pendingSms', status: 'pending', otp: 'sms' },
  { key: 'pendingEmail', status: 'pending', otp: 'email' },
  { key: 'failedSms', status: 'failed', otp: 'sms' },
  { key: 'completedNone', status: 'completed', otp: null },
] as const;
const ids = new Map<string, string>();

it.beforeAll(async ({ service: started }) => {
  service = started;
  notary = await service.token('acme-notary');
  const { db } = service.ctx;
  const nora = (
    db
      .prepare("SELECT id FROM users WHERE owner = 'acme' AND display_name = 'Nora Notary'")
      .get() as {
      id: string;
    }
  ).id;
  const insert = db.prepare(
    `INSERT INTO signature_transactions (id, owner, signer_id, notary_id, client_group, status, signature_requests,
      otp_required, otp_method, created_on) VALUES (?, 'acme', ?, ?, ?, ?, '[]', ?, ?, ?)`,
  );
  ROWS.forEach((row, i) => {
    const id = `00000000-0000-4000-8000-00000000000${i}`;
    ids.set(row.key, id);
    insert.run(
      id,
      nora,
      nora,
      GROUP,
      row.status,
      row.otp ? 1 : 0,
      row.otp,
      `2026-01-0${i + 1}T00:00:00.000Z`,
    );
  });
});

const listed = async (query: string) => {
  const result = await service.get(
    `/signatures/v2/transactions?clientGroup=${GROUP}&${query}`,
    notary,
  );
  expect(result.status, result.text).toBe(200);
  return TransactionListSchema.parse(result.body)
    .transactions.map((t) => ROWS.find((row) => ids.get(row.key) === t.id)?.key)
    .sort();
};

describe('the transactions filter', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])(
    'refuses the field %s as unknown (400, not 500)',
    async (field) => {
      expectError(
        await service.get(`/signatures/v2/transactions?filter=${field}:x`, notary),
        400,
        /filter field must be one of: status, otpMethod/,
      );
    },
  );

  it('applies several fields in one parameter: AND across fields, OR within one', async () => {
    expect(await listed('filter=status:pending')).toEqual(['pendingEmail', 'pendingSms']);
    expect(await listed('filter=status:pending,otpMethod:sms')).toEqual(['pendingSms']);
    expect(await listed('filter=status:pending,failed,otpMethod:sms')).toEqual([
      'failedSms',
      'pendingSms',
    ]);
    expect(await listed('filter=otpMethod:sms,email,status:pending')).toEqual([
      'pendingEmail',
      'pendingSms',
    ]);
    expect(await listed('filter=status:completed,otpMethod:sms')).toEqual([]);
  });

  it('applies a repeated filter parameter the same way', async () => {
    expect(await listed('filter=status:pending&filter=otpMethod:sms')).toEqual(['pendingSms']);
    // A field named twice takes the values of both.
    expect(await listed('filter=status:pending&filter=status:failed')).toEqual([
      'failedSms',
      'pendingEmail',
      'pendingSms',
    ]);
    expect(await listed('filter=status:pending,status:failed,otpMethod:sms')).toEqual([
      'failedSms',
      'pendingSms',
    ]);
  });

  it.each([
    ['a field without values', 'filter=status:pending,otpMethod:', /field:value/],
    ['a value with a colon', 'filter=status:pending,x-y:z', /field:value/],
    ['an empty value', 'filter=status:pending,,failed', /field:value/],
    ['one malformed parameter of two', 'filter=status:pending&filter=otpMethod', /field:value/],
    ['an unknown second field', 'filter=status:pending,ssn:1', /must be one of.*\(not ssn\)/],
    [
      'an unknown field in a repeat',
      'filter=status:pending&filter=constructor:1',
      /must be one of/,
    ],
    [
      'too many values',
      `filter=status:${Array.from({ length: MAX_TRANSACTION_FILTER_VALUES + 1 }, (_, i) => `s${i}`).join(',')}`,
      /at most 100 values/,
    ],
  ])('refuses %s (400)', async (_, query, message) => {
    expectError(await service.get(`/signatures/v2/transactions?${query}`, notary), 400, message);
  });
});
