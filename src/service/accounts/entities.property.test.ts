import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { AccountListSchema, EntitySchema, METADATA_MAX_KEYS } from '../../contract/accounts.ts';
import type { Metadata } from '../../contract/accounts.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { ADDRESS, dbState, accountsTest as it, accountsSetup } from '../testing/accounts.ts';

// No input gives a 500: only 201 (or 200 for a PATCH) or 400, and a 400 writes nothing.
// Inputs within the spec's limits are stored and come back exactly as sent.

// Hundreds of HTTP round trips each; generous, since the machine's cores are shared.
const PROPERTY_TIMEOUT = 120_000;

const kit = accountsSetup();
let accountIds: string[];
let next = 0;
// Spread creates over the 150 demo accounts so none reaches the 50-entity cap.
const anAccount = () => accountIds[next++ % accountIds.length] ?? '';

it.beforeAll(async () => {
  const list = await kit.service.get('/accounts/v1/accounts?owner=acme&limit=500', kit.acme);
  accountIds = AccountListSchema.parse(list.body).accounts.map((a) => a.id);
});

const TYPES = ['AUTHORIZED_USER', 'BORROWER', 'DEBT_SETTLEMENT_COMPANY', 'NON_BORROWING_DEFENDANT'];
const text = (maxLength: number) =>
  fc.string({ unit: 'grapheme', maxLength }).filter((s) => s.length <= maxLength);
// The spec's limits, restated here rather than taken from the contract's schema.
const metadataKey = text(40).filter((k) => k.length >= 1 && k !== '__proto__');
const validMetadata = fc.dictionary(metadataKey, text(500), { maxKeys: METADATA_MAX_KEYS });
const validAddress = fc.record(
  {
    addressLine1: text(60),
    addressLine2: text(60),
    city: text(30),
    stateProvCode: text(3),
    postalCode: text(10),
    country: text(3),
  },
  { requiredKeys: [] },
);
const validEntity = fc.record(
  {
    type: fc.constantFrom(...TYPES),
    name: text(80).filter((s) => s.length >= 1),
    dateOfBirth: fc
      .date({ min: new Date('1900-01-01'), max: new Date('2020-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    phone: text(20),
    email: fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'mail.test.org'))
      .map(([local, domain]) => `${local}@${domain}`),
    alsoKnown: text(40),
    externalEntityId: text(20),
    languagePreference: text(5),
    ssn: fc.oneof(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{3}-\d{2}-\d{4}$/)),
    officialAddress: validAddress,
    mailingAddress: validAddress,
    physicalAddress: validAddress,
    metadata: validMetadata,
  },
  { requiredKeys: ['type', 'name'] },
);

// Anything at all, biased towards almost-valid bodies: each field valid, junk or absent.
const junk = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.jsonValue({ maxDepth: 6 }),
  fc.dictionary(fc.string({ unit: 'binary', maxLength: 45 }), fc.string({ maxLength: 510 }), {
    maxKeys: 55,
  }),
);
const anyEntityBody = fc.oneof(
  fc.jsonValue({ maxDepth: 8 }),
  fc
    .tuple(
      validEntity,
      fc.dictionary(
        fc.constantFrom(
          'type',
          'name',
          'dateOfBirth',
          'email',
          'ssn',
          'officialAddress',
          'metadata',
          'ssnLastFour',
          'entityId',
          '__proto__',
        ),
        junk,
        { maxKeys: 3 },
      ),
    )
    .map(([valid, spoiled]) => ({ ...valid, ...spoiled })),
);

const post = (accountId: string, json: unknown) =>
  kit.service.send('POST', `/accounts/v1/accounts/${accountId}/entities`, {
    token: kit.acme,
    json,
  });

describe('entity bodies (property-based)', () => {
  it(
    'a valid body is created (201) and reads back as sent, SSN as its last four',
    async () => {
      await fc.assert(
        fc.asyncProperty(validEntity, async (body) => {
          const accountId = anAccount();
          const result = await post(accountId, body);
          expect(result.status, result.text).toBe(201);
          const entity = EntitySchema.parse(result.body);
          const { ssn, ...rest } = body;
          expect(entity).toEqual({
            ...rest,
            metadata: body.metadata ?? {},
            entityId: entity.entityId,
            matterId: entity.matterId,
            createdOn: entity.createdOn,
            ...(ssn === undefined ? {} : { ssnLastFour: ssn.slice(-4) }),
          });
          const read = await kit.service.get(
            `/accounts/v1/accounts/${accountId}/entities/${entity.entityId}`,
            kit.acme,
          );
          expect(read.body).toEqual(result.body);
        }),
        { numRuns: 120 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'any body gets 201 or 400, and a 400 writes nothing',
    async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(anyEntityBody, async (body) => {
          const before = dbState(kit.service);
          const result = await post(anAccount(), body);
          seen.add(result.status);
          expect([201, 400], result.text).toContain(result.status);
          if (result.status === 400) {
            ErrorBodySchema.parse(result.body);
            expect(dbState(kit.service)).toEqual(before);
          } else {
            EntitySchema.parse(result.body);
          }
        }),
        // One of each outcome up front, so the check below never rests on chance.
        { numRuns: 200, examples: [[{ type: 'BORROWER', name: 'X' }], [[]]] },
      );
      // Both outcomes were exercised, so the property is not vacuous.
      expect([...seen].sort()).toEqual([201, 400]);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('metadata (property-based)', () => {
  // Keys mostly from a small pool, so that a patch's keys collide with the stored ones.
  const pooled = fc.oneof(
    fc.constantFrom(...Array.from({ length: 60 }, (_, i) => `k${i}`)),
    metadataKey,
  );
  const value = text(500).filter(Boolean);
  const storedMetadata = (minKeys: number) =>
    fc.dictionary(pooled, text(20).filter(Boolean), {
      minKeys,
      maxKeys: METADATA_MAX_KEYS,
      size: 'large',
    });
  const patch = fc.dictionary(pooled, fc.oneof(fc.constant(''), text(500)), {
    minKeys: 1,
    maxKeys: METADATA_MAX_KEYS,
  });
  const merge = (metadata: Metadata, sent: Metadata) => {
    const merged: Record<string, string> = { ...metadata };
    for (const [key, sentValue] of Object.entries(sent)) {
      if (sentValue === '') delete merged[key];
      else merged[key] = sentValue;
    }
    return merged;
  };
  const size = (map: Metadata) => Object.keys(map).length;

  // Random pairs end over the limit in only ~3% of runs, so each side gets its own generator
  // rather than a "both outcomes were seen" check that failed when chance gave no overflow.
  const fitting = fc
    .tuple(storedMetadata(0), patch)
    .filter(([metadata, sent]) => size(merge(metadata, sent)) <= METADATA_MAX_KEYS);

  // n stored keys; the patch removes r of them, overwrites o more and adds f fresh ones, with
  // n - r + f > 50 (over after the merge) and r + o + f <= 50 (the patch alone is valid, so
  // only the check on the merged map can refuse it). Both hold when f >= 51 - n + r and
  // r + o <= n - 1 - r.
  const overflowing = storedMetadata(1)
    .chain((metadata) => {
      const keys = Object.keys(metadata);
      const freshKey = metadataKey.filter((key) => !Object.hasOwn(metadata, key));
      return fc.shuffledSubarray(keys, { maxLength: keys.length - 1 }).chain((touched) =>
        fc
          .integer({ min: 0, max: Math.min(touched.length, keys.length - 1 - touched.length) })
          .chain((removed) =>
            fc.tuple(
              fc.constant(metadata),
              fc.constant(touched.slice(0, removed)),
              fc.tuple(...touched.slice(removed).map((key) => fc.tuple(fc.constant(key), value))),
              fc.uniqueArray(fc.tuple(freshKey, value), {
                selector: ([key]) => key,
                minLength: METADATA_MAX_KEYS + 1 - keys.length + removed,
                maxLength: METADATA_MAX_KEYS - touched.length,
              }),
            ),
          ),
      );
    })
    .map(([metadata, removed, overwritten, fresh]): [Metadata, Metadata] => [
      metadata,
      Object.fromEntries([...removed.map((key) => [key, '']), ...overwritten, ...fresh]),
    ]);

  // The boundary, which random pairs seldom hit exactly: 50 after the merge fits, 51 does not.
  const keysUpTo = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));
  const full = keysUpTo(METADATA_MAX_KEYS);

  const patchMetadata = async (metadata: Metadata, sent: Metadata) => {
    const accountId = anAccount();
    const created = await post(accountId, { type: 'BORROWER', name: 'META DATA', metadata });
    const { entityId } = EntitySchema.parse(created.body);
    const path = `/accounts/v1/accounts/${accountId}/entities/${entityId}`;
    const before = dbState(kit.service);
    const result = await kit.service.send('PATCH', path, {
      token: kit.acme,
      json: { metadata: sent },
    });
    return { path, before, result };
  };

  it(
    'a PATCH that ends within 50 keys merges sent keys and removes "" keys (200)',
    async () => {
      await fc.assert(
        fc.asyncProperty(fitting, async ([metadata, sent]) => {
          const expected = merge(metadata, sent);
          const { path, result } = await patchMetadata(metadata, sent);
          expect(result.status, result.text).toBe(200);
          expect(EntitySchema.parse(result.body).metadata).toEqual(expected);
          const read = await kit.service.get(path, kit.acme);
          expect(EntitySchema.parse(read.body).metadata).toEqual(expected);
        }),
        {
          numRuns: 100,
          examples: [
            [[full, { k0: 'changed' }]],
            [[keysUpTo(49), { fresh: 'v' }]],
            [[full, { k0: '', fresh: 'v' }]],
          ],
        },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'a PATCH that would end over 50 keys is refused (400) and writes nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(overflowing, async ([metadata, sent]) => {
          // The generator's own promise: only the merged map breaks the limit.
          expect(size(sent)).toBeLessThanOrEqual(METADATA_MAX_KEYS);
          expect(size(merge(metadata, sent))).toBeGreaterThan(METADATA_MAX_KEYS);
          const { before, result } = await patchMetadata(metadata, sent);
          expect(result.status, result.text).toBe(400);
          expect(ErrorBodySchema.parse(result.body).message).toMatch(/at most 50 keys/);
          expect(dbState(kit.service)).toEqual(before);
        }),
        {
          numRuns: 60,
          examples: [
            [[full, { fresh: 'v' }]],
            [[full, { k0: '', k1: 'changed', fresh1: 'v', fresh2: 'v' }]],
          ],
        },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'metadata over a limit is refused (400) on create',
    async () => {
      const over = fc.oneof(
        fc.constant(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']))),
        fc.string({ minLength: 41, maxLength: 60 }).map((key) => ({ [key]: 'v' })),
        fc.string({ minLength: 501, maxLength: 600 }).map((value) => ({ key: value })),
        fc.constant({ '': 'empty key' }),
      );
      await fc.assert(
        fc.asyncProperty(over, async (metadata) => {
          const before = dbState(kit.service);
          const result = await post(anAccount(), {
            type: 'BORROWER',
            name: 'X',
            officialAddress: ADDRESS,
            metadata,
          });
          expect(result.status, result.text).toBe(400);
          expect(dbState(kit.service)).toEqual(before);
        }),
        { numRuns: 30 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
