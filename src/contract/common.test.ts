import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from './zod.ts';
import {
  CalendarDateSchema,
  ErrorBodySchema,
  ListQuerySchema,
  NonEmptyStringSchema,
  OrderDirectionSchema,
  PaginationSchema,
  StringMapSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
} from './common.ts';
import type { Pagination } from './common.ts';
import { messages } from './testing/fixtures.ts';

describe('UuidSchema', () => {
  it.each([
    '550e8400-e29b-41d4-a716-446655440000', // v4
    '0190b8e4-7c3f-7a1b-8e2d-0a1b2c3d4e5f', // v7
    '00000000-0000-0000-0000-000000000000',
  ])('accepts %s', (value) => expect(UuidSchema.safeParse(value).success).toBe(true));

  it.each([
    '',
    'not-a-uuid',
    '550e8400e29b41d4a716446655440000',
    '550e8400-e29b-41d4-c716-44665544',
  ])('rejects %j', (value) => expect(UuidSchema.safeParse(value).success).toBe(false));

  // Path ids are lower-cased by `uuidParam`; a body id must come out the same, or an
  // upper-case id would miss the stored record it names.
  it.each([
    ['550E8400-E29B-41D4-A716-446655440000', '550e8400-e29b-41d4-a716-446655440000'],
    ['0190B8E4-7c3F-7A1B-8e2d-0A1B2C3D4E5F', '0190b8e4-7c3f-7a1b-8e2d-0a1b2c3d4e5f'],
    ['550e8400-e29b-41d4-a716-446655440000', '550e8400-e29b-41d4-a716-446655440000'],
  ])('reads %s as %s', (value, expected) => expect(UuidSchema.parse(value)).toBe(expected));

  it('lower-cases inside optional, nullable, array and object schemas', () => {
    const upper = '550E8400-E29B-41D4-A716-446655440000';
    const lower = upper.toLowerCase();
    const schema = z.extend(
      z.omit(
        z.object({ id: UuidSchema, other: z.nullable(UuidSchema), all: z.array(UuidSchema) }),
        { other: true },
      ),
      { maybe: z.optional(UuidSchema) },
    );
    expect(schema.parse({ id: upper, all: [upper], maybe: upper })).toEqual({
      id: lower,
      all: [lower],
      maybe: lower,
    });
    expect(z.nullable(UuidSchema).parse(null)).toBeNull();
    expect(z.optional(UuidSchema).parse(undefined)).toBeUndefined();
  });
});

describe('TimestampSchema', () => {
  it.each(['2024-05-01T12:00:00Z', '2024-05-01T12:00:00.123Z', '2024-02-29T23:59:59.999999Z'])(
    'accepts %s',
    (value) => expect(TimestampSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    '2024-05-01T12:00:00+02:00',
    '2024-05-01T12:00:00',
    '2024-05-01',
    '2024-02-30T00:00:00Z',
    '2024-05-01 12:00:00Z',
    1714564800,
  ])('rejects %j', (value) => {
    expect(messages(TimestampSchema, value)).toEqual([
      'must be an ISO 8601 UTC date-time such as 2024-05-01T12:00:00Z',
    ]);
  });
});

describe('CalendarDateSchema', () => {
  it.each(['2024-02-29', '2000-02-29', '1980-02-28', '1999-12-31'])('accepts %s', (value) =>
    expect(CalendarDateSchema.safeParse(value).success).toBe(true),
  );

  it.each(['1980-02-30', '2023-02-29', '2100-02-29', '2024-13-01', '2024-1-01', '2024-04-31'])(
    'rejects %s',
    (value) =>
      expect(messages(CalendarDateSchema, value)).toEqual([
        'must be a real calendar date as YYYY-MM-DD',
      ]),
  );
});

describe('small schemas', () => {
  it.each([
    [NonEmptyStringSchema, 'x', ''],
    [ErrorBodySchema, { message: 'nope' }, { error: 'nope' }],
    [OrderDirectionSchema, 'desc', 'DESC'],
    [StringMapSchema, { a: 'b' }, { a: 1 }],
  ] as const)('%#: accepts the valid sample and rejects the invalid one', (schema, ok, bad) => {
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse(bad).success).toBe(false);
  });
});

describe('PaginationSchema', () => {
  const page: Pagination = { totalCount: 3, nextCursor: 'abc', previousCursor: '' };

  it('accepts the envelope with and without countExceedsLimit', () => {
    expect(PaginationSchema.parse(page)).toEqual(page);
    expect(PaginationSchema.parse({ ...page, countExceedsLimit: true }).countExceedsLimit).toBe(
      true,
    );
  });

  it.each([
    { ...page, totalCount: -1 },
    { ...page, totalCount: 1.5 },
    { ...page, nextCursor: null },
    { totalCount: 0, nextCursor: '' },
  ])('rejects %j', (value) => expect(PaginationSchema.safeParse(value).success).toBe(false));
});

describe('listEnvelope', () => {
  const ThingListSchema = listEnvelope('things', z.object({ id: z.string() }));
  const pagination = { totalCount: 1, nextCursor: '', previousCursor: '' };

  it('puts the page under the resource key', () => {
    const parsed = ThingListSchema.parse({ things: [{ id: 'a' }], pagination });
    expect(parsed.things).toEqual([{ id: 'a' }]);
    expectTypeOf(parsed.things).toEqualTypeOf<{ id: string }[]>();
    expectTypeOf(parsed.pagination).toEqualTypeOf<Pagination>();
  });

  it.each([
    { data: [{ id: 'a' }], pagination },
    { things: [{ id: 1 }], pagination },
    { things: [] },
  ])('rejects %j', (value) => expect(ThingListSchema.safeParse(value).success).toBe(false));
});

describe('ListQuerySchema', () => {
  it.each([
    [{ owner: 'acme' }, { owner: 'acme' }],
    [
      { owner: 'acme', limit: '1' },
      { owner: 'acme', limit: 1 },
    ],
    [
      { owner: 'acme', limit: '500' },
      { owner: 'acme', limit: 500 },
    ],
    [
      { owner: 'acme', limit: 20 },
      { owner: 'acme', limit: 20 },
    ],
    [
      { owner: 'acme', cursor: 'c', orderBy: 'name', orderDirection: 'desc', utm: 'x' },
      { owner: 'acme', cursor: 'c', orderBy: 'name', orderDirection: 'desc' },
    ],
  ])('parses %j', (input, output) => expect(ListQuerySchema.parse(input)).toEqual(output));

  it.each([
    [{}, 'owner is required'],
    [{ owner: '' }, 'owner is required'],
    [{ owner: 'acme', limit: 'abc' }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: '1.5' }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: 1.5 }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: ' 5' }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: '1e2' }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: '' }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: '0' }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: '501' }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', limit: true }, 'limit must be a whole number from 1 to 500'],
    [{ owner: 'acme', orderDirection: 'up' }, 'Invalid option: expected one of "asc"|"desc"'],
  ])('rejects %j', (input, message) => expect(messages(ListQuerySchema, input)).toEqual([message]));
});
