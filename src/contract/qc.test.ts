import { describe, expect, it } from 'vitest';
import type { z } from './zod.ts';
import {
  ActorSchema,
  itemsOpenForApproval,
  verdictAllowed,
  ChecklistItemSchema,
  ChecklistItemUpdateSchema,
  ChecklistVerdictSchema,
  QcChecklistListSchema,
  QcChecklistSchema,
  QcDocumentSchema,
  QcProcessListSchema,
  QcProcessPatchSchema,
  QcProcessSchema,
  QcProcessUpdateResponseSchema,
  QcRequestListQuerySchema,
  QcRequestListSchema,
  QcRequestPatchSchema,
  QcRequestSchema,
  QcRequestStatusSchema,
} from './qc.ts';
import { expectStatusFilter, ID, ID2, NOW, pagination, messages } from './testing/fixtures.ts';

const validity = (schema: z.ZodMiniType, ok: unknown, bad: unknown) => [
  schema.safeParse(ok).success,
  schema.safeParse(bad).success,
];

const item = {
  id: ID,
  createdOn: NOW,
  displayName: 'Seal is legible',
  description: 'The notary seal can be read in full',
  status: 'pending',
  roleId: 'notary',
  group: 'Notary',
  allowNA: false,
};
const document = {
  id: ID,
  templates: [],
  matterReference: 'M-1',
  preparedBy: 'Paula',
  preparedOn: NOW,
  signedBy: ID2,
  signedOn: NOW,
  firmId: 'FIRM-1',
};
const request = {
  id: ID2,
  createdOn: NOW,
  status: 'pending',
  document,
  checklistItems: [item],
  actors: [{ userId: ID, roleId: 'notary' }],
  fileUrl: 'http://127.0.0.1:8090/blobs/x',
  processName: 'Affidavits',
  checklistName: 'Affidavit checks',
};
const reviewed = {
  ...request,
  status: 'rejected',
  review: { id: ID, shortId: 'R-1' },
  reviewStartedOn: NOW,
  reviewCompletedOn: NOW,
  reviewedBy: ID,
  checklistVersion: '3',
  notes: 'Seal smudged',
};
const process = {
  id: ID,
  owner: 'acme',
  displayName: 'Affidavits',
  description: 'Post-signing QC',
  createdOn: NOW,
  checklistId: ID2,
};
const checklistItem = { ...item, status: undefined };
const checklist = {
  id: ID2,
  owner: 'acme',
  displayName: 'Affidavit checks',
  createdOn: NOW,
  version: '2',
  versions: [
    { version: '1', createdOn: NOW },
    { version: '2', createdOn: NOW },
  ],
  items: [checklistItem],
};

describe('response records', () => {
  it.each([
    ['ChecklistItemSchema', ChecklistItemSchema, item, { ...item, status: 'done' }],
    ['ChecklistItem without status', ChecklistItemSchema, checklistItem, { ...item, allowNA: 1 }],
    ['QcDocumentSchema', QcDocumentSchema, document, { ...document, signedBy: 'u-1' }],
    ['ActorSchema', ActorSchema, { userId: 'u', roleId: 'affiant' }, { userId: 'u' }],
    ['QcRequestSchema', QcRequestSchema, request, { ...request, status: 'open' }],
    ['QcRequestSchema reviewed', QcRequestSchema, reviewed, { ...reviewed, review: { id: ID } }],
    ['QcRequestSchema fileUrl', QcRequestSchema, request, { ...request, fileUrl: '' }],
    ['QcProcessSchema', QcProcessSchema, process, { ...process, checklistId: 'c-1' }],
    [
      'QcProcessSchema archived',
      QcProcessSchema,
      { ...process, archivedOn: NOW },
      { ...process, archivedOn: 'yesterday' },
    ],
    [
      'QcProcessSchema null',
      QcProcessSchema,
      { ...process, archivedOn: null },
      { ...process, id: 1 },
    ],
    ['QcChecklistSchema', QcChecklistSchema, checklist, { ...checklist, versions: [{ v: '1' }] }],
    [
      'QcRequestListSchema',
      QcRequestListSchema,
      { qcRequests: [request], pagination },
      { qcRequests: [request] },
    ],
    [
      'QcChecklistListSchema',
      QcChecklistListSchema,
      { qcChecklists: [checklist], pagination },
      { checklists: [checklist], pagination },
    ],
    [
      'QcProcessListSchema',
      QcProcessListSchema,
      { qcProcesses: [process], pagination },
      { qcProcesses: [{}], pagination },
    ],
  ] as const)('%s: valid passes, invalid fails', (_name, schema, ok, bad) => {
    expect(validity(schema, ok, bad)).toEqual([true, false]);
  });

  it('QcProcessUpdateResponseSchema answers without description', () => {
    const parsed = QcProcessUpdateResponseSchema.parse({ ...process, archivedOn: NOW });
    expect(parsed).not.toHaveProperty('description');
    expect(QcProcessUpdateResponseSchema.safeParse({ ...process, owner: undefined }).success).toBe(
      false,
    );
  });

  it('knows the enums', () => {
    expect(QcRequestStatusSchema.options).toEqual(['pending', 'approved', 'rejected']);
    expect(ChecklistVerdictSchema.options).toEqual(['approved', 'rejected', 'notApplicable']);
  });
});

describe('ChecklistItemUpdateSchema', () => {
  const echoed = { ...item, status: undefined };
  it.each([{ id: ID }, { id: ID, status: 'notApplicable', reviewerNote: 'n/a' }, echoed])(
    'accepts %j',
    (value) => expect(ChecklistItemUpdateSchema.safeParse(value).success).toBe(true),
  );
  it.each([{}, { id: 'i-1' }, { id: ID, status: 'pending' }, { id: ID, verdict: 'approved' }])(
    'rejects %j',
    (value) => expect(ChecklistItemUpdateSchema.safeParse(value).success).toBe(false),
  );
});

describe('QcRequestPatchSchema', () => {
  const approve = {
    status: 'approved',
    reviewedBy: ID,
    checklistItems: [{ id: ID, status: 'approved' }],
  };

  it.each([
    approve,
    { status: 'approved', reviewedBy: ID },
    { status: 'rejected', reviewedBy: ID, notes: 'Seal smudged' },
    { status: 'rejected', reviewedBy: ID, checklistItems: [{ id: ID, status: 'rejected' }] },
    { ...approve, notes: 'n'.repeat(5000) },
  ])('accepts %j', (value) => expect(QcRequestPatchSchema.safeParse(value).success).toBe(true));

  it('reads an upper-case reviewedBy as the lower-case user id', () => {
    const parsed = QcRequestPatchSchema.parse({ ...approve, reviewedBy: ID.toUpperCase() });
    expect(parsed.reviewedBy).toBe(ID);
  });

  it.each([
    [{ reviewedBy: ID }, 'status must be approved or rejected'],
    [{ ...approve, status: 'pending' }, 'status must be approved or rejected'],
    [{ status: 'approved' }, "reviewedBy must be the reviewing user's id"],
    [{ ...approve, reviewedBy: 'riley' }, "reviewedBy must be the reviewing user's id"],
    [{ ...approve, notes: 'n'.repeat(5001) }, 'notes may be at most 5000 characters'],
    [{ ...approve, decision: 'approved' }, 'Unrecognized key: "decision"'],
    [
      { ...approve, checklistItems: [{ id: ID }, { id: ID }] },
      'each checklist item may appear only once',
    ],
    [
      { ...approve, checklistItems: [{ id: ID, status: 'rejected' }] },
      'an approved request cannot have a rejected checklist item',
    ],
    [
      { status: 'rejected', reviewedBy: ID, notes: '  ' },
      'a rejection needs at least one rejected checklist item or rework notes',
    ],
  ])('rejects %j', (value, message) =>
    expect(messages(QcRequestPatchSchema, value)).toEqual([message]),
  );
});

describe('QcProcessPatchSchema', () => {
  it.each([
    { displayName: 'Renamed' },
    { description: '' },
    { checklistId: ID },
    { archivedOn: NOW },
    { archivedOn: null },
    { displayName: 'x'.repeat(200), description: 'd'.repeat(2000) },
  ])('accepts %j', (value) => expect(QcProcessPatchSchema.safeParse(value).success).toBe(true));

  it.each([
    [{}, 'send at least one of displayName, description, checklistId, archivedOn'],
    [{ displayName: '' }, 'displayName must not be blank'],
    [{ displayName: '   ' }, 'displayName must not be blank'],
    [{ displayName: 'x'.repeat(201) }, 'displayName may be at most 200 characters'],
    [{ description: 'd'.repeat(2001) }, 'description may be at most 2000 characters'],
    [{ checklistId: 'c-1' }, 'Invalid UUID'],
    [
      { archivedOn: '2024-05-01' },
      'must be an ISO 8601 UTC date-time such as 2024-05-01T12:00:00Z',
    ],
    [{ owner: 'globex' }, 'Unrecognized key: "owner"'],
  ])('rejects %j', (value, message) =>
    expect(messages(QcProcessPatchSchema, value)).toEqual([message]),
  );
});

describe('QcRequestListQuerySchema', () => {
  it('filters the queue by status', () => {
    expectStatusFilter(QcRequestListQuerySchema, 'pending', 'open');
  });
});

describe('the approval rules both ends use', () => {
  const items = [
    { id: 'a', allowNA: false },
    { id: 'b', allowNA: true },
  ];

  it('allows not applicable only where the item does', () => {
    expect(verdictAllowed(items[0]!, 'notApplicable')).toBe(false);
    expect(verdictAllowed(items[1]!, 'notApplicable')).toBe(true);
    expect(verdictAllowed(items[0]!, 'rejected')).toBe(true);
  });

  it('leaves open every item neither approved nor not applicable', () => {
    const verdicts: Record<string, 'approved' | 'rejected' | 'notApplicable'> = {
      b: 'notApplicable',
    };
    expect(itemsOpenForApproval(items, (id) => verdicts[id]).map((i) => i.id)).toEqual(['a']);
    verdicts.a = 'rejected';
    expect(itemsOpenForApproval(items, (id) => verdicts[id]).map((i) => i.id)).toEqual(['a']);
    verdicts.a = 'approved';
    expect(itemsOpenForApproval(items, (id) => verdicts[id])).toEqual([]);
  });
});
