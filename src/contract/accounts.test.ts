import { describe, expect, it } from 'vitest';
import {
  AccountListSchema,
  AccountSchema,
  AccountSummarySchema,
  AccountUpsertSchema,
  AddressSchema,
  CreditorListSchema,
  CreditorSchema,
  EntityCreateSchema,
  EntityPatchSchema,
  EntitySchema,
  EntityTypeSchema,
  FirmListQuerySchema,
  FirmListSchema,
  FirmSchema,
  MetadataPatchSchema,
  MetadataSchema,
  SsnSchema,
  applyMetadataPatch,
} from './accounts.ts';
import { ID, ID2, NOW, pagination, messages } from './testing/fixtures.ts';

const manyKeys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'v']));

describe('AddressSchema', () => {
  it.each([{}, { addressLine1: '1 Main St', city: 'Springfield', country: 'US' }])(
    'accepts %j',
    (value) => expect(AddressSchema.safeParse(value).success).toBe(true),
  );
  it.each([{ city: 1 }, { county: 'Cook' }])('rejects %j', (value) =>
    expect(AddressSchema.safeParse(value).success).toBe(false),
  );
});

describe.each([
  ['MetadataSchema', MetadataSchema],
  ['MetadataPatchSchema', MetadataPatchSchema],
])('%s', (_name, schema) => {
  it.each([
    {},
    { region: 'north', removed: '' },
    manyKeys(50),
    { ['k'.repeat(40)]: 'v'.repeat(500) },
  ])('accepts %#', (value) => expect(schema.safeParse(value).success).toBe(true));

  it.each([
    [manyKeys(51), 'metadata may have at most 50 keys'],
    [{ ['k'.repeat(41)]: 'v' }, 'metadata keys must be 1 to 40 characters'],
    [{ '': 'v' }, 'metadata keys must be 1 to 40 characters'],
    [{ k: 'v'.repeat(501) }, 'metadata values may be at most 500 characters'],
    [{ k: 1 }, 'metadata values must be strings'],
    [{ k: null }, 'metadata values must be strings'],
  ])('rejects sample %# with %j', (value, message) =>
    expect(messages(schema, value)).toEqual([message]),
  );
});

describe('applyMetadataPatch', () => {
  it('merges sent keys and removes keys sent as empty strings', () => {
    expect(applyMetadataPatch({ a: '1', b: '2' }, { b: '', c: '3' })).toEqual({ a: '1', c: '3' });
  });
});

describe('SsnSchema', () => {
  it.each(['123456789', '123-45-6789', '12-3456789'])('accepts %s', (value) =>
    expect(SsnSchema.safeParse(value).success).toBe(true),
  );
  it.each(['12345678', '1234567890', '123-456-789', '123 45 6789', 'abc-de-fghi', ''])(
    'rejects %j',
    (value) => expect(SsnSchema.safeParse(value).success).toBe(false),
  );
});

const create = { type: 'BORROWER', name: 'JANE Q PUBLIC' };

describe('EntityCreateSchema', () => {
  it.each(EntityTypeSchema.options.map((type) => ({ ...create, type })))('accepts %j', (value) =>
    expect(EntityCreateSchema.safeParse(value).success).toBe(true),
  );

  it('accepts every optional field', () => {
    const full = {
      ...create,
      dateOfBirth: '1980-02-29',
      phone: '+1 555 0100',
      email: 'jane@example.com',
      alsoKnown: 'JANIE PUBLIC',
      externalEntityId: 'ext-1',
      languagePreference: 'en',
      ssn: '123-45-6789',
      officialAddress: { addressLine1: '1 Main St' },
      mailingAddress: {},
      physicalAddress: { city: 'Springfield' },
      metadata: { source: 'import' },
    };
    expect(EntityCreateSchema.parse(full)).toEqual(full);
  });

  it.each([
    [{ name: 'X' }, 'type'],
    [{ ...create, type: 'GUARANTOR' }, 'type'],
    [{ type: 'BORROWER' }, 'name'],
    [{ ...create, name: '' }, 'name'],
    [{ ...create, dateOfBirth: '1980-02-30' }, 'dateOfBirth'],
    [{ ...create, email: 'not-an-email' }, 'email'],
    [{ ...create, ssn: '1234' }, 'ssn'],
    [{ ...create, mailingAddress: { zip: '1' } }, 'mailingAddress'],
    [{ ...create, metadata: { k: 1 } }, 'metadata'],
    [{ ...create, ssnLastFour: '6789' }, undefined],
    [{ ...create, entityId: ID }, undefined],
  ])('rejects %j at %s', (value, field) => {
    const issue = EntityCreateSchema.safeParse(value).error?.issues[0];
    expect(issue?.path[0]).toBe(field);
  });

  it('names unknown fields in the message', () => {
    expect(messages(EntityCreateSchema, { ...create, ssnLastFour: '6789' })).toEqual([
      'Unrecognized key: "ssnLastFour"',
    ]);
  });
});

const entity = {
  entityId: ID,
  matterId: ID2,
  type: 'BORROWER',
  name: 'JANE Q PUBLIC',
  ssnLastFour: '6789',
  officialAddress: { addressLine1: '1 Main St' },
  metadata: {},
  createdOn: NOW,
};

describe('EntitySchema', () => {
  it.each([entity, { ...entity, ssnLastFour: undefined, email: 'legacy value' }])(
    'accepts %j',
    (value) => expect(EntitySchema.safeParse(value).success).toBe(true),
  );

  it('never exposes an ssn, even when an upstream sends one', () => {
    const parsed = EntitySchema.parse({ ...entity, ssn: '123-45-6789' });
    expect(parsed).not.toHaveProperty('ssn');
    expect(JSON.stringify(parsed)).not.toContain('123-45-6789');
  });

  it('keeps reading an address that gained a field upstream', () => {
    const parsed = EntitySchema.parse({ ...entity, officialAddress: { city: 'X', county: 'Y' } });
    expect(parsed.officialAddress).toEqual({ city: 'X' });
  });

  it.each([
    { ...entity, entityId: 'e-1' },
    { ...entity, ssnLastFour: '123' },
    { ...entity, metadata: undefined },
    { ...entity, createdOn: '2024-05-01' },
    { ...entity, type: 'borrower' },
  ])('rejects %j', (value) => expect(EntitySchema.safeParse(value).success).toBe(false));
});

describe('EntityPatchSchema', () => {
  it.each([
    { name: 'JANE PUBLIC' },
    { metadata: { region: '' } },
    { dateOfBirth: '1980-01-01', mailingAddress: { city: 'X' } },
  ])('accepts %j', (value) => expect(EntityPatchSchema.safeParse(value).success).toBe(true));

  it.each([
    [{}, 'send at least one field to change'],
    [{ name: undefined }, 'send at least one field to change'],
    [{ type: 'BORROWER' }, 'Unrecognized key: "type"'],
    [{ ssn: '123456789' }, 'Unrecognized key: "ssn"'],
    [{ name: '' }, 'must not be empty'],
    [{ metadata: manyKeys(51) }, 'metadata may have at most 50 keys'],
  ])('rejects %j', (value, message) =>
    expect(messages(EntityPatchSchema, value)).toEqual([message]),
  );
});

const firm = { firmId: ID, owner: 'acme', firmCode: 'F1', name: 'Firm One', metadata: {} };
const summary = {
  id: ID,
  owner: 'acme',
  crid: 'CR-1',
  matterId: ID2,
  createdOn: NOW,
  updatedOn: NOW,
  entityCount: 1,
};
const creditor = { id: ID, owner: 'acme', name: 'Bank', creditorCode: 'B1', createdOn: NOW };

describe('response records', () => {
  it.each([
    ['FirmSchema', FirmSchema, firm, { ...firm, firmId: 'f1' }],
    ['AccountSummarySchema', AccountSummarySchema, summary, { ...summary, entityCount: -1 }],
    ['AccountSchema', AccountSchema, { ...summary, entities: [entity] }, summary],
    ['CreditorSchema', CreditorSchema, creditor, { ...creditor, createdOn: 'yesterday' }],
    ['FirmListSchema', FirmListSchema, { firms: [firm], pagination }, { firms: [firm] }],
    [
      'AccountListSchema',
      AccountListSchema,
      { accounts: [summary], pagination },
      { data: [summary], pagination },
    ],
    [
      'CreditorListSchema',
      CreditorListSchema,
      { creditors: [creditor], pagination },
      { creditors: [firm], pagination },
    ],
  ] as const)('%s accepts the valid sample and rejects the invalid one', (_n, schema, ok, bad) => {
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse(bad).success).toBe(false);
  });

  it('tolerates fields an upstream adds', () => {
    expect(FirmSchema.parse({ ...firm, region: 'east' })).toEqual(firm);
  });
});

describe('AccountUpsertSchema', () => {
  it.each([
    { crid: 'CR-1', entities: [] },
    { crid: 'c'.repeat(64), entities: Array.from({ length: 50 }, () => create) },
  ])('accepts sample %#', (value) =>
    expect(AccountUpsertSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    [{ entities: [] }, 'crid'],
    [{ crid: '', entities: [] }, 'crid'],
    [{ crid: 'c'.repeat(65), entities: [] }, 'crid'],
    [{ crid: 'CR-1' }, 'entities'],
    [{ crid: 'CR-1', entities: [{ name: 'X' }] }, 'entities'],
    [{ crid: 'CR-1', entities: [], id: ID }, undefined],
  ])('rejects sample %# at %s', (value, field) => {
    expect(AccountUpsertSchema.safeParse(value).error?.issues[0]?.path[0]).toBe(field);
  });

  it('explains the entity cap', () => {
    const value = { crid: 'CR-1', entities: Array.from({ length: 51 }, () => create) };
    expect(messages(AccountUpsertSchema, value)).toEqual([
      'an account may have at most 50 entities',
    ]);
  });
});

describe('FirmListQuerySchema', () => {
  it('accepts ordering by name only', () => {
    expect(FirmListQuerySchema.safeParse({ owner: 'acme', orderBy: 'name' }).success).toBe(true);
    expect(FirmListQuerySchema.safeParse({ owner: 'acme', orderBy: 'firmCode' }).success).toBe(
      false,
    );
  });
});
