import { describe, expect, it } from 'vitest';
import { RedactionListQuerySchema, RedactionListSchema, RedactionSchema } from './redactions.ts';
import { ID, ID2, NOW, pagination } from './testing/fixtures.ts';

const redaction = {
  id: ID,
  owner: 'acme',
  fileId: ID2,
  page: 1,
  x: 72,
  y: 640.5,
  width: 180,
  height: 14,
  reason: 'SSN',
  createdOn: NOW,
};

describe('RedactionSchema', () => {
  it.each([redaction, { ...redaction, createdBy: ID2 }, { ...redaction, x: 0, y: 0 }])(
    'accepts %j',
    (value) => expect(RedactionSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    { ...redaction, page: 0 },
    { ...redaction, page: 1.5 },
    { ...redaction, x: -1 },
    { ...redaction, width: 0 },
    { ...redaction, height: -3 },
    { ...redaction, reason: '' },
    { ...redaction, reason: 'x'.repeat(101) },
    { ...redaction, fileId: 'f-1' },
    { ...redaction, createdBy: 'paula' },
    { ...redaction, createdOn: undefined },
  ])('rejects %j', (value) => expect(RedactionSchema.safeParse(value).success).toBe(false));

  it('lists under redactions', () => {
    expect(RedactionListSchema.safeParse({ redactions: [redaction], pagination }).success).toBe(
      true,
    );
    expect(RedactionListSchema.safeParse({ files: [redaction], pagination }).success).toBe(false);
  });
});

describe('RedactionListQuerySchema', () => {
  it('takes an owner, the pagination parameters and a fileId', () => {
    const query = { owner: 'acme', limit: '10', orderBy: 'createdOn', fileId: ID2.toUpperCase() };
    expect(RedactionListQuerySchema.parse(query)).toEqual({ ...query, limit: 10, fileId: ID2 });
  });

  it.each([{ owner: 'acme', fileId: 'f-1' }, { owner: 'acme', orderBy: 'page' }, { fileId: ID2 }])(
    'rejects %j',
    (value) => expect(RedactionListQuerySchema.safeParse(value).success).toBe(false),
  );
});
