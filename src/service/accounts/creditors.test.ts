import { z } from '../../contract/zod.ts';
import { describe, expect } from 'vitest';
import { CreditorListSchema, FirmListSchema, type Creditor } from '../../contract/accounts.ts';
import { expectError } from '../testing/service.ts';
import { accountsTest as it, accountsSetup } from '../testing/accounts.ts';

const kit = accountsSetup();

const creditors = (query: string, token = kit.acme) =>
  kit.service.get(`/accounts/v1/creditors?${query}`, token);
const page = async (query: string, token = kit.acme) => {
  const result = await creditors(query, token);
  expect(result.status, result.text).toBe(200);
  return z.strictObject(CreditorListSchema.shape).parse(result.body);
};
const byName = (a: Creditor, b: Creditor) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1;

describe('GET /accounts/v1/creditors', () => {
  it("lists the owner's creditors by name in the spec envelope", async () => {
    const { creditors: rows, pagination } = await page('owner=acme');
    expect(rows).toHaveLength(20);
    expect(pagination).toEqual({ totalCount: 20, nextCursor: '', previousCursor: '' });
    expect(rows.every((c) => c.owner === 'acme')).toBe(true);
    expect(rows).toEqual([...rows].sort(byName));
    expect(new Set(rows.map((c) => c.creditorCode)).size).toBe(20);
  });

  it('keeps owners apart', async () => {
    const { creditors: rows } = await page('owner=globex', kit.globex);
    expect(rows).toHaveLength(5);
    expect(rows.every((c) => c.owner === 'globex')).toBe(true);
  });

  it('pages forward and back, descending too', async () => {
    const all = (await page('owner=acme')).creditors;
    const base = 'owner=acme&limit=7&orderBy=name&orderDirection=desc';
    const pages = [await page(base)];
    while (pages.at(-1)?.pagination.nextCursor) {
      pages.push(await page(`${base}&cursor=${pages.at(-1)?.pagination.nextCursor}`));
    }
    expect(pages.map((p) => p.creditors.length)).toEqual([7, 7, 6]);
    expect(pages.flatMap((p) => p.creditors)).toEqual([...all].reverse());
    const back = await page(`${base}&cursor=${pages[2]?.pagination.previousCursor}`);
    expect(back.creditors).toEqual(pages[1]?.creditors);
  });

  it.each([
    ['no owner', '', 400, /owner/],
    ['an owner the token may not read', 'owner=globex', 401, /owner globex/],
    ['orderBy=createdOn', 'owner=acme&orderBy=createdOn', 400, /orderBy must be one of: name/],
    ['a bad direction', 'owner=acme&orderDirection=up', 400, /orderDirection/],
    ['limit=0', 'owner=acme&limit=0', 400, /limit/],
    ['a hand-built cursor', 'owner=acme&cursor=eyJkIjoibiJ9.x', 400, /cursor/],
  ])('refuses %s', async (_, query, status, message) => {
    expectError(await creditors(query), status, message);
  });

  it("refuses a firms cursor (another list's) on creditors", async () => {
    const firms = await kit.service.get('/accounts/v1/firms?owner=acme&limit=2', kit.acme);
    const cursor = FirmListSchema.parse(firms.body).pagination.nextCursor;
    expect(cursor).not.toBe('');
    expectError(await creditors(`owner=acme&limit=2&cursor=${cursor}`), 400, /invalid cursor/);
  });

  it.each([
    ['no token', () => creditors('owner=acme', ''), /Authorization/],
    ['a forged token', () => creditors('owner=acme', kit.forged), /invalid/],
    ['a token without accounts.write', () => creditors('owner=acme', kit.reviewer), /accounts/],
  ])('answers %s with 401', async (_, call, message) => {
    expectError(await call(), 401, message);
  });
});
