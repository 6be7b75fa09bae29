import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountListSchema, FirmListSchema } from '../../contract/accounts.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { startTestService, type TestService } from '../testing.ts';

let service: TestService;
let acme: string;
let globex: string;

beforeAll(async () => {
  service = await startTestService();
  [acme, globex] = await Promise.all([service.token('acme-admin'), service.token('globex-admin')]);
});
afterAll(() => service.close());

type Page = ReturnType<typeof AccountListSchema.parse>;

async function accounts(query: string, token = acme): Promise<Page> {
  const result = await service.get(`/accounts/v1/accounts?owner=acme&${query}`, token);
  expect(result.status, result.text).toBe(200);
  return AccountListSchema.parse(result.body);
}

async function expect400(query: string, message = /cursor/) {
  const result = await service.get(`/accounts/v1/accounts?owner=acme&${query}`, acme);
  expect(result.status).toBe(400);
  expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
}

describe('keyset pagination', () => {
  it.each(['asc', 'desc'] as const)(
    'walks every account once, forward then back, ordered %s',
    async (direction) => {
      const base = `limit=40&orderBy=crid&orderDirection=${direction}`;
      const pages: Page[] = [await accounts(base)];
      while (pages.at(-1)?.pagination.nextCursor) {
        pages.push(await accounts(`${base}&cursor=${pages.at(-1)?.pagination.nextCursor}`));
      }
      expect(pages.map((p) => p.accounts.length)).toEqual([40, 40, 40, 30]);
      const crids = pages.flatMap((p) => p.accounts.map((a) => a.crid));
      const sorted = [...crids].sort();
      expect(crids).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      expect(new Set(crids).size).toBe(150);
      expect(pages.every((p) => p.pagination.totalCount === 150)).toBe(true);
      expect(pages[0]?.pagination.previousCursor).toBe('');
      expect(pages.at(-1)?.pagination.nextCursor).toBe('');

      // previousCursor really goes back, page by page, to the first page.
      let page = pages.at(-1) as Page;
      for (let i = pages.length - 2; i >= 0; i -= 1) {
        page = await accounts(`${base}&cursor=${page.pagination.previousCursor}`);
        expect(page.accounts.map((a) => a.id)).toEqual(pages[i]?.accounts.map((a) => a.id));
      }
      expect(page.pagination.previousCursor).toBe('');
      // ...and forward again from a page reached by going back.
      const again = await accounts(`${base}&cursor=${page.pagination.nextCursor}`);
      expect(again.accounts.map((a) => a.id)).toEqual(pages[1]?.accounts.map((a) => a.id));
    },
  );

  it('pages by createdOn too', async () => {
    const first = await accounts('limit=100&orderBy=createdOn');
    const second = await accounts(
      `limit=100&orderBy=createdOn&cursor=${first.pagination.nextCursor}`,
    );
    const created = [...first.accounts, ...second.accounts].map((a) => a.createdOn);
    expect(created).toHaveLength(150);
    expect(created).toEqual([...created].sort());
  });

  it('defaults to 100 records a page', async () => {
    expect((await accounts('')).accounts).toHaveLength(100);
  });

  it.each(['0', '501', '-1', 'abc', '1.5', '1e2', '', '  5', '0x10'])(
    'refuses limit=%s',
    async (limit) => {
      await expect400(
        `limit=${encodeURIComponent(limit)}`,
        /limit must be a whole number from 1 to 500/,
      );
    },
  );

  it.each(['1', '500'])('accepts limit=%s', async (limit) => {
    const page = await accounts(`limit=${limit}`);
    expect(page.accounts).toHaveLength(Math.min(Number(limit), 150));
  });

  it('refuses unknown orderBy and orderDirection', async () => {
    await expect400('orderBy=ssn', /orderBy must be one of: crid, createdOn/);
    await expect400('orderDirection=DESC', /orderDirection/);
  });

  describe('cursors', () => {
    let cursor: string;
    beforeAll(async () => {
      cursor = (await accounts('limit=10')).pagination.nextCursor;
    });

    it('refuses a tampered cursor', async () => {
      const state = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as {
        k: [string, string];
      };
      state.k[0] = 'CR-000100';
      await expect400(
        `limit=10&cursor=${Buffer.from(JSON.stringify(state)).toString('base64url')}`,
      );
      const flipped = cursor.slice(0, 20) + (cursor[20] === 'A' ? 'B' : 'A') + cursor.slice(21);
      await expect400(`limit=10&cursor=${flipped}`);
    });

    it('refuses a hand-built cursor', async () => {
      const built = Buffer.from(JSON.stringify({ d: 'n', k: ['CR-000050', ''], s: 'x' })).toString(
        'base64url',
      );
      await expect400(`limit=10&cursor=${built}`);
      await expect400(`limit=10&cursor=${Buffer.from('{"offset":50}').toString('base64url')}`);
      await expect400('limit=10&cursor=!!notbase64!!');
    });

    it('refuses a truncated cursor', async () => {
      await expect400(`limit=10&cursor=${cursor.slice(0, -4)}`);
    });

    it.each([
      ['a different limit', 'limit=20'],
      ['a different order', 'limit=10&orderDirection=desc'],
      ['a different orderBy', 'limit=10&orderBy=createdOn'],
    ])('refuses a cursor used with %s', async (_, query) => {
      await expect400(`${query}&cursor=${cursor}`);
    });

    it('refuses a cursor of another owner', async () => {
      const result = await service.get(
        `/accounts/v1/accounts?owner=globex&limit=10&cursor=${cursor}`,
        globex,
      );
      expect(result.status).toBe(400);
    });

    it('refuses a cursor of another list', async () => {
      const firms = FirmListSchema.parse(
        (await service.get('/accounts/v1/firms?owner=acme&limit=5', acme)).body,
      );
      const result = await service.get(
        `/accounts/v1/accounts?owner=acme&limit=5&cursor=${firms.pagination.nextCursor}`,
        acme,
      );
      expect(result.status).toBe(400);
    });
  });

  describe('properties', () => {
    const queryPart = (name: string, values: fc.Arbitrary<string>) =>
      fc.option(
        values.map((v) => `${name}=${encodeURIComponent(v)}`),
        { nil: undefined },
      );

    it("random list parameters give 200 or 400, never a 500, and only the caller's records", async () => {
      const real = [cursor0(), cursor1()];
      await fc.assert(
        fc.asyncProperty(
          queryPart('limit', fc.oneof(fc.integer({ min: -5, max: 600 }).map(String), fc.string())),
          queryPart('orderBy', fc.oneof(fc.constantFrom('crid', 'createdOn'), fc.string())),
          queryPart('orderDirection', fc.oneof(fc.constantFrom('asc', 'desc'), fc.string())),
          queryPart(
            'cursor',
            fc.oneof(
              fc.string(),
              fc.base64String(),
              fc.constantFrom(...(await Promise.all(real))),
              fc
                .tuple(
                  fc.constantFrom(...(await Promise.all(real))),
                  fc.nat(),
                  fc.string({ minLength: 1, maxLength: 1 }),
                )
                .map(([c, i, ch]) => c.slice(0, i % c.length) + ch + c.slice((i % c.length) + 1)),
            ),
          ),
          fc.constantFrom('acme', 'globex'),
          async (limit, orderBy, direction, cursorPart, owner) => {
            const query = [`owner=${owner}`, limit, orderBy, direction, cursorPart]
              .filter(Boolean)
              .join('&');
            const token = owner === 'acme' ? acme : globex;
            const result = await service.get(`/accounts/v1/accounts?${query}`, token);
            expect([200, 400]).toContain(result.status);
            if (result.status === 200) {
              const page = AccountListSchema.parse(result.body);
              expect(page.accounts.every((a) => a.owner === owner)).toBe(true);
            } else {
              ErrorBodySchema.parse(result.body);
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  });
});

async function cursor0() {
  return (await accounts('limit=10')).pagination.nextCursor;
}
async function cursor1() {
  return (await accounts('limit=25&orderDirection=desc')).pagination.nextCursor;
}
