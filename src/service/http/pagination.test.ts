import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { AccountListSchema, FirmListSchema } from '../../contract/accounts.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { ACCOUNTS, FIRMS } from '../accounts/accounts.routes.ts';
import { readOk, type TestService } from '../testing/service.ts';
import {
  bindingOf,
  encodeCursor,
  listPage,
  NO_FILTER,
  parseListParams,
  type ListDefinition,
} from './pagination.ts';

let service: TestService;
let acme: string;
let globex: string;

it.beforeAll(async ({ service: started }) => {
  service = started;
  [acme, globex] = await Promise.all([service.token('acme-admin'), service.token('globex-admin')]);
});

type Page = ReturnType<typeof AccountListSchema.parse>;

const accounts = (query: string, token = acme): Promise<Page> =>
  readOk(service, `/accounts/v1/accounts?owner=acme&${query}`, token, AccountListSchema);

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
    it.beforeAll(async () => {
      cursor = (await accounts('limit=10')).pagination.nextCursor;
    });
    const parts = () => cursor.split('.') as [string, string];
    const reencode = (json: string) => `${Buffer.from(json).toString('base64url')}.${parts()[1]}`;
    const decoded = () => Buffer.from(parts()[0], 'base64url').toString();

    it('refuses a cursor whose position was changed', async () => {
      const state = JSON.parse(decoded()) as { k: [string, string] };
      state.k[0] = 'CR-000100';
      await expect400(`limit=10&cursor=${reencode(JSON.stringify(state))}`);
    });

    it('refuses a cursor with an extra field or extra whitespace, though it means the same', async () => {
      const state = JSON.parse(decoded()) as Record<string, unknown>;
      await expect400(`limit=10&cursor=${reencode(JSON.stringify({ ...state, junk: 1 }))}`);
      await expect400(`limit=10&cursor=${reencode(` ${decoded()} `)}`);
    });

    it('refuses a cursor with one character changed', async () => {
      const at = 12;
      const flipped = cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
      await expect400(`limit=10&cursor=${flipped}`);
    });

    it('refuses a hand-built cursor', async () => {
      const built = Buffer.from(JSON.stringify({ d: 'n', k: ['CR-000050', ''] })).toString(
        'base64url',
      );
      await expect400(`limit=10&cursor=${built}`);
      await expect400(`limit=10&cursor=${built}.${'A'.repeat(43)}`);
      await expect400(`limit=10&cursor=${Buffer.from('{"offset":50}').toString('base64url')}`);
      await expect400('limit=10&cursor=!!notbase64!!');
    });

    it('refuses a truncated cursor', async () => {
      await expect400(`limit=10&cursor=${cursor.slice(0, -4)}`);
      await expect400(`limit=10&cursor=${parts()[0]}`);
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

    it('refuses a cursor of another list with the same parameters', () => {
      // Two lists over the same rows and order: only the list name tells their cursors apart.
      const twin: ListDefinition = { ...FIRMS, name: 'firms-twin' };
      const params = parseListParams({ limit: '5' }, 'acme', FIRMS);
      const first = listPage(service.ctx, FIRMS, params);
      const next = { ...params, cursor: first.pagination.nextCursor };
      expect(listPage(service.ctx, FIRMS, next).rows).toHaveLength(5);
      expect(() => listPage(service.ctx, twin, next)).toThrow(/invalid cursor/);
    });
  });

  describe('properties', () => {
    const part = (name: string, values: fc.Arbitrary<string>) =>
      fc.option(
        values.map((v) => `${name}=${encodeURIComponent(v)}`),
        { nil: undefined },
      );

    it("random list parameters give 200, 400 or 401, never a 500, and only the caller's records", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('firms', 'accounts'),
          part('limit', fc.oneof(fc.integer({ min: -5, max: 600 }).map(String), fc.string())),
          part('orderBy', fc.oneof(fc.constantFrom('crid', 'createdOn', 'name'), fc.string())),
          part('orderDirection', fc.oneof(fc.constantFrom('asc', 'desc'), fc.string())),
          part('cursor', fc.oneof(fc.string(), fc.base64String())),
          fc.constantFrom('acme', 'globex'),
          fc.constantFrom('acme', 'globex'),
          async (list, limit, orderBy, direction, cursorPart, owner, tokenOwner) => {
            const query = [`owner=${owner}`, limit, orderBy, direction, cursorPart]
              .filter(Boolean)
              .join('&');
            const result = await service.get(
              `/accounts/v1/${list}?${query}`,
              tokenOwner === 'acme' ? acme : globex,
            );
            if (owner !== tokenOwner) {
              expect(result.status).toBe(401);
              return;
            }
            expect([200, 400]).toContain(result.status);
            if (result.status === 400) return void ErrorBodySchema.parse(result.body);
            const records =
              list === 'firms'
                ? FirmListSchema.parse(result.body).firms
                : AccountListSchema.parse(result.body).accounts;
            expect(records.every((r) => r.owner === owner)).toBe(true);
          },
        ),
        { numRuns: 120 },
      );
    });

    it('any signed position, in either direction, runs the query and never gives a 500', async () => {
      // Sign arbitrary keyset positions with the service's secret, so the query itself is fuzzed.
      const position = fc.tuple(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.integer(),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.constant(''),
        ),
        fc.oneof(fc.uuid(), fc.string()),
      );
      await fc.assert(
        fc.asyncProperty(
          position,
          fc.constantFrom('n' as const, 'p' as const),
          fc.integer({ min: 1, max: 500 }),
          fc.constantFrom('asc' as const, 'desc' as const),
          fc.constantFrom('crid', 'createdOn'),
          async (k, d, limit, orderDirection, orderBy) => {
            const params = { owner: 'acme', limit, orderBy, orderDirection, cursor: undefined };
            const cursor = encodeCursor(
              service.ctx.keys.cursorSecret,
              { d, k },
              bindingOf(ACCOUNTS, params, NO_FILTER),
            );
            const query = `limit=${limit}&orderBy=${orderBy}&orderDirection=${orderDirection}&cursor=${cursor}`;
            const page = await accounts(query);
            expect(page.accounts.length).toBeLessThanOrEqual(limit);
            expect(page.pagination.totalCount).toBe(150);
          },
        ),
        { numRuns: 100 },
      );
    });
  });
});
