import { AccountListSchema, AccountSchema, type Account } from '../../contract/accounts.ts';
import { serviceTest } from './fixtures.ts';
import type { TestService } from './service.ts';

// Shared by the accounts area's integration tests: one service, tokens for each kind of
// caller, and a fingerprint of every table a rejected request must leave alone.

export interface AccountsTestKit {
  service: TestService;
  acme: string;
  globex: string;
  /** acme, but without accounts.write. */
  reviewer: string;
  /** A real token whose payload was changed to claim accounts.write: the signature fails. */
  forged: string;
}

/**
 * `serviceTest` with `kit`: the file's service and the accounts area's tokens, for a test or a
 * `beforeAll` that names it.
 */
export const accountsTest = serviceTest.extend('kit', { scope: 'file' }, ({ service }) =>
  accountsKit(service),
);

/**
 * The file's kit for helpers outside a test (`const kit = accountsSetup();` at the top): the
 * `beforeAll` this adds fills it in, before the file's own.
 */
export function accountsSetup(): AccountsTestKit {
  const kit = {} as AccountsTestKit;
  accountsTest.beforeAll(({ kit: started }) => {
    Object.assign(kit, started);
  });
  return kit;
}

async function accountsKit(service: TestService): Promise<AccountsTestKit> {
  const [acme, globex, reviewer] = await Promise.all([
    service.token('acme-admin'),
    service.token('globex-admin'),
    service.token('acme-reviewer'),
  ]);
  const [header, payload, signature] = reviewer.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
  const raised = Buffer.from(JSON.stringify({ ...claims, perms: ['accounts.write'] }));
  const forged = `${header}.${raised.toString('base64url')}.${signature}`;
  return { service, acme, globex, reviewer, forged };
}

/**
 * Every row a write of this area could touch, outbox included, one string per row: equal
 * means nothing was written, and a difference shows as just the rows that changed.
 */
export function dbState(service: TestService): string[] {
  const rows = (sql: string) =>
    service.ctx.db
      .prepare(sql)
      .all()
      .map((row) => JSON.stringify(row));
  return [
    ...rows('SELECT * FROM accounts ORDER BY id'),
    ...rows('SELECT * FROM entities ORDER BY id'),
    ...rows('SELECT id, owner, event_type, payload, created_on FROM outbox ORDER BY id'),
  ];
}

export interface OutboxEvent {
  id: string;
  owner: string;
  type: string;
  payload: unknown;
}

/** Outbox rows in insertion order (rowid), so a test can take those after a mark. */
export function outbox(service: TestService): OutboxEvent[] {
  const rows = service.ctx.db
    .prepare('SELECT id, owner, event_type, payload FROM outbox ORDER BY rowid')
    .all() as { id: string; owner: string; event_type: string; payload: string }[];
  return rows.map((row) => ({
    id: row.id,
    owner: row.owner,
    type: row.event_type,
    payload: JSON.parse(row.payload) as unknown,
  }));
}

/** Runs fn and returns the outbox rows it added. */
export async function newEvents(service: TestService, fn: () => Promise<unknown>) {
  const before = new Set(outbox(service).map((event) => event.id));
  await fn();
  return outbox(service).filter((event) => !before.has(event.id));
}

export async function accountAt(
  service: TestService,
  token: string,
  owner: string,
  index = 0,
): Promise<Account> {
  const list = await service.get(`/accounts/v1/accounts?owner=${owner}&limit=${index + 1}`, token);
  const summary = AccountListSchema.parse(list.body).accounts[index];
  if (!summary) throw new Error(`no account ${index} of ${owner}`);
  return AccountSchema.parse(
    (await service.get(`/accounts/v1/accounts/${summary.id}`, token)).body,
  );
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const ADDRESS = {
  addressLine1: '1 Main St',
  city: 'Springfield',
  stateProvCode: 'IL',
  postalCode: '62701',
  country: 'US',
};

/** The plain and dashed forms of a nine-digit SSN, which no response may contain. */
export const ssnForms = (digits: string) => [
  digits,
  `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`,
  `${digits.slice(0, 2)}-${digits.slice(2)}`,
];
