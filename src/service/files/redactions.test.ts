import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { RedactionListSchema, RedactionSchema, type Redaction } from '../../contract/redactions.ts';
import { hashSecret } from '../auth/secrets.ts';
import { basicAuth, expectError, readOk } from '../testing/service.ts';

const demo = demoSetup();
let noFileReader: string;

const LIST = '/files/v1/redactions';

it.beforeAll(async () => {
  // A client that manages accounts only: it may not read files, so not their redactions.
  demo.service.ctx.db
    .prepare(
      'INSERT INTO clients (id, owner, secret_hash, user_id, perms, scopes) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(
      'acme-accounts-only',
      'acme',
      hashSecret('accounts-only'),
      null,
      '["accounts.write"]',
      '[]',
    );
  const response = await fetch(`${demo.service.url}/auth/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: basicAuth('acme-accounts-only', 'accounts-only'),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  noFileReader = ((await response.json()) as { access_token: string }).access_token;
});

const list = (query: string, token = demo.admin) =>
  readOk(demo.service, `${LIST}?${query}`, token, RedactionListSchema);
const stored = (owner: string) =>
  (
    demo.service.ctx.db
      .prepare('SELECT id, file_id FROM redactions WHERE owner = ? ORDER BY created_on, id')
      .all(owner) as { id: string; file_id: string }[]
  ).map((row) => ({ id: row.id, fileId: row.file_id }));
const isOrdered = (rows: Redaction[]) =>
  rows.every((row, i) => {
    const prev = rows[i - 1];
    return !prev || [prev.createdOn, prev.id].join('|') < [row.createdOn, row.id].join('|');
  });

describe('GET /files/v1/redactions', () => {
  it("lists the owner's redactions oldest first, with the standard envelope", async () => {
    const { redactions, pagination } = await list('owner=acme');
    const all = stored('acme');
    expect(all.length).toBeGreaterThan(20);
    expect(pagination.totalCount).toBe(all.length);
    expect(redactions.map((r) => r.id)).toEqual(all.slice(0, 100).map((r) => r.id));
    expect(redactions.every((r) => r.owner === 'acme')).toBe(true);
    expect(isOrdered(redactions)).toBe(true);
    expect(pagination.previousCursor).toBe('');
  });

  it('is readable by every client that may read files', async () => {
    for (const token of [demo.reviewer, demo.notary]) {
      const { redactions } = await list('owner=acme&limit=2', token);
      expect(redactions).toHaveLength(2);
    }
  });

  it('pages forward and back with cursors, newest first too', async () => {
    for (const direction of ['asc', 'desc'] as const) {
      const base = `owner=acme&limit=7&orderDirection=${direction}`;
      const seen: Redaction[] = [];
      let page = await list(base);
      const first = page;
      seen.push(...page.redactions);
      while (page.pagination.nextCursor) {
        page = await list(`${base}&cursor=${encodeURIComponent(page.pagination.nextCursor)}`);
        seen.push(...page.redactions);
      }
      const expected = stored('acme').map((r) => r.id);
      expect(seen.map((r) => r.id)).toEqual(direction === 'asc' ? expected : expected.reverse());
      const back = await list(
        `${base}&cursor=${encodeURIComponent(page.pagination.previousCursor)}`,
      );
      expect(back.redactions).toEqual(
        seen.slice(-page.redactions.length - 7, -page.redactions.length),
      );
      expect(first.pagination.previousCursor).toBe('');
    }
  });

  it("narrows to one file's redactions with fileId", async () => {
    const fileId = stored('acme')[0]?.fileId ?? '';
    const { redactions, pagination } = await list(`owner=acme&fileId=${fileId.toUpperCase()}`);
    const expected = stored('acme').filter((r) => r.fileId === fileId);
    expect(redactions.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(pagination.totalCount).toBe(expected.length);
    expect(redactions.every((r) => r.fileId === fileId)).toBe(true);
  });

  it("finds nothing for another owner's file, or a file with none", async () => {
    const theirs = stored('globex')[0]?.fileId ?? '';
    const page = await list(`owner=acme&fileId=${theirs}`);
    expect(page.redactions).toEqual([]);
    expect(page.pagination).toEqual({ totalCount: 0, nextCursor: '', previousCursor: '' });
    const unknown = await list('owner=acme&fileId=00000000-0000-4000-8000-000000000000');
    expect(unknown.redactions).toEqual([]);
  });

  it("keeps each owner to their own redactions, and refuses another owner's list", async () => {
    const { redactions } = await list('owner=globex&limit=500', demo.globex);
    expect(redactions.map((r) => r.id)).toEqual(stored('globex').map((r) => r.id));
    expect(redactions.length).toBeGreaterThan(3);
    expectError(
      await demo.service.get(`${LIST}?owner=globex`, demo.admin),
      401,
      /may not read owner globex/,
    );
    expectError(
      await demo.service.get(`${LIST}?owner=acme`, demo.globex),
      401,
      /may not read owner acme/,
    );
  });

  it.each([
    ['', 400, /owner query parameter is required/],
    ['owner=acme&limit=0', 400, /limit must be a whole number from 1 to 500/],
    ['owner=acme&limit=501', 400, /limit must be a whole number/],
    ['owner=acme&limit=abc', 400, /limit must be a whole number/],
    ['owner=acme&cursor=abc', 400, /invalid cursor/],
    ['owner=acme&fileId=f-1', 400, /fileId/],
    ['owner=acme&orderBy=page', 400, /orderBy/],
    ['owner=acme&orderDirection=up', 400, /orderDirection/],
  ])('refuses %j with %i {message}', async (query, status, message) => {
    expectError(await demo.service.get(`${LIST}?${query}`, demo.admin), status, message);
  });

  it('refuses a cursor used with another filter, limit or owner', async () => {
    const { pagination } = await list('owner=acme&limit=3');
    const cursor = encodeURIComponent(pagination.nextCursor);
    const fileId = stored('acme')[0]?.fileId ?? '';
    for (const query of [
      `owner=acme&limit=3&fileId=${fileId}&cursor=${cursor}`,
      `owner=acme&limit=4&cursor=${cursor}`,
      `owner=globex&limit=3&cursor=${cursor}`,
    ]) {
      const token = query.includes('globex') ? demo.globex : demo.admin;
      expectError(await demo.service.get(`${LIST}?${query}`, token), 400, /invalid cursor/);
    }
  });
});

describe('GET /files/v1/redactions/{redactionId}', () => {
  it('reads one redaction, the same as in the list', async () => {
    const { redactions } = await list('owner=acme&limit=1');
    const first = redactions[0] as Redaction;
    const result = await demo.service.get(`${LIST}/${first.id.toUpperCase()}`, demo.reviewer);
    expect(result.status, result.text).toBe(200);
    expect(RedactionSchema.parse(result.body)).toEqual(first);
  });

  it("answers 404 for an unknown id and for another owner's", async () => {
    const theirs = stored('globex')[0]?.id ?? '';
    expectError(await demo.service.get(`${LIST}/${theirs}`, demo.admin), 404, /not found/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(
      await demo.service.get(`${LIST}/${unknown}`, demo.admin),
      404,
      `redaction ${unknown} not found`,
    );
    expectError(
      await demo.service.get(`${LIST}/r-1`, demo.admin),
      400,
      /redactionId must be a UUID/,
    );
  });
});

describe('redactions without the right token', () => {
  const id = () => stored('acme')[0]?.id ?? '';

  it('refuses a missing or forged token (401)', async () => {
    for (const path of [`${LIST}?owner=acme`, `${LIST}/${id()}`]) {
      expectError(await demo.service.get(path), 401, /missing Authorization header/);
      const [header, , signature] = demo.admin.split('.');
      const forged = `${header}.${Buffer.from('{"owner":"acme"}').toString('base64url')}.${signature}`;
      expectError(await demo.service.get(path, forged), 401, /access token is invalid/);
    }
  });

  // The spec answers a client without the endpoint's permission with 401 (http/auth.ts).
  it('refuses a client that may not read files (401)', async () => {
    for (const path of [`${LIST}?owner=acme`, `${LIST}/${id()}`]) {
      expectError(await demo.service.get(path, noFileReader), 401, /lacks the files.write or/);
    }
  });
});
