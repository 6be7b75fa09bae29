import { describe, expect, it } from 'vitest';
import { FileListSchema, FileRequestListSchema, FileRequestSchema, FileSchema } from './files.ts';
import { ID, ID2, NOW, pagination } from './testing/fixtures.ts';

const file = {
  id: ID,
  owner: 'acme',
  filename: 'affidavit.pdf',
  contentType: 'application/pdf',
  size: 48_213,
  matterReference: 'M-1',
  preparedBy: 'Paula',
  preparedOn: NOW,
  firmId: 'FIRM-1',
  templates: [],
  createdOn: NOW,
};
const fileRequest = { id: ID2, owner: 'acme', fileId: ID, status: 'signed', createdOn: NOW };

describe('FileSchema', () => {
  it.each([file, { ...file, downloadUrl: 'http://127.0.0.1:8090/blobs/x' }, { ...file, pages: 3 }])(
    'accepts %j',
    (value) => expect(FileSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    { ...file, contentType: 'image/png' },
    { ...file, size: -1 },
    { ...file, size: 1.5 },
    { ...file, downloadUrl: '' },
    { ...file, templates: undefined },
    { ...file, id: 'f-1' },
  ])('rejects %j', (value) => expect(FileSchema.safeParse(value).success).toBe(false));
});

describe('FileListSchema', () => {
  it('requires countExceedsLimit in its pagination', () => {
    const page = { files: [file], pagination: { ...pagination, countExceedsLimit: false } };
    expect(FileListSchema.parse(page)).toEqual(page);
    expect(FileListSchema.safeParse({ files: [file], pagination }).success).toBe(false);
  });

  it.each([
    { data: [file], pagination: { ...pagination, countExceedsLimit: true } },
    { files: [{}], pagination: { ...pagination, countExceedsLimit: true } },
  ])('rejects %j', (value) => expect(FileListSchema.safeParse(value).success).toBe(false));
});

describe('FileRequestSchema', () => {
  it.each([fileRequest, { ...fileRequest, accountId: ID }])('accepts %j', (value) =>
    expect(FileRequestSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    { ...fileRequest, status: '' },
    { ...fileRequest, fileId: 'f-1' },
    { ...fileRequest, accountId: 'a-1' },
    { ...fileRequest, createdOn: undefined },
  ])('rejects %j', (value) => expect(FileRequestSchema.safeParse(value).success).toBe(false));

  it('lists under fileRequests', () => {
    expect(
      FileRequestListSchema.safeParse({ fileRequests: [fileRequest], pagination }).success,
    ).toBe(true);
    expect(FileRequestListSchema.safeParse({ files: [fileRequest], pagination }).success).toBe(
      false,
    );
  });
});
