import { describe, expect, it } from 'vitest';
import {
  USER_FIELDS,
  UserImageKindSchema,
  UserImagesRequestSchema,
  UserImagesResponseSchema,
  UserListQuerySchema,
  UserListSchema,
  UserPutSchema,
  UserSchema,
} from './users.ts';
import { ID, NOW, messages } from './testing/fixtures.ts';

const lean = { id: ID, displayName: 'Nora Notary', email: 'nora@acme.test' };
const detail = {
  ...lean,
  jobTitle: 'Notary',
  phoneNumber: '+1 555 0100',
  deactivatedOn: null,
  isNotary: true,
  signatureImageUrl: 'http://127.0.0.1:8090/blobs/sig?x=1',
  notarySealImageUrl: null,
  uploadImageUrls: { signature: 'http://127.0.0.1:8090/put/sig' },
};

describe('UserSchema', () => {
  it.each([lean, detail, { ...detail, deactivatedOn: NOW }, { ...lean, role: 'extra' }])(
    'accepts %j',
    (value) => expect(UserSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    { ...lean, id: 'nora' },
    { ...lean, email: undefined },
    { ...detail, deactivatedOn: 'yesterday' },
    { ...detail, isNotary: 'yes' },
    { ...detail, signatureImageUrl: 1 },
    { ...detail, uploadImageUrls: { signature: 1 } },
  ])('rejects %j', (value) => expect(UserSchema.safeParse(value).success).toBe(false));
});

describe('UserPutSchema', () => {
  it.each([
    {},
    { signatureKey: 'users/u/signature/k1', notarySealKey: 'users/u/notarySeal/k2' },
    { signatureFilename: 'sig.png', notarySealFilename: 'seal.png' },
  ])('accepts %j', (value) => expect(UserPutSchema.safeParse(value).success).toBe(true));

  it.each([
    [{ signatureKey: '' }, 'must not be empty'],
    [{ signatureKey: 1 }, 'Invalid input: expected string, received number'],
    [{ displayName: 'New' }, 'Unrecognized key: "displayName"'],
  ])('rejects %j', (value, message) => expect(messages(UserPutSchema, value)).toEqual([message]));
});

describe('UserImagesRequestSchema', () => {
  it.each([{ images: ['signature'] }, { images: ['notarySeal', 'signature'] }])(
    'accepts %j',
    (value) => expect(UserImagesRequestSchema.parse(value)).toEqual(value),
  );

  it.each([
    [{ images: [] }, 'ask for at least one image'],
    [{ images: ['signature', 'signature'] }, 'ask for each image only once'],
    [{ images: ['avatar'] }, 'image must be signature or notarySeal'],
    [{ images: ['signature'], size: 1 }, 'Unrecognized key: "size"'],
  ])('rejects %j', (value, message) =>
    expect(messages(UserImagesRequestSchema, value)).toEqual([message]),
  );
});

describe('UserImagesResponseSchema', () => {
  const upload = {
    image: 'signature',
    key: 'users/u/signature/k1',
    uploadUrl: 'http://127.0.0.1:8090/uploads/k1',
    uploadValues: { signature: 'abc' },
  };

  it.each([{ images: [upload] }, { images: [] }])('accepts %j', (value) =>
    expect(UserImagesResponseSchema.safeParse(value).success).toBe(true),
  );
  it.each([
    { images: [{ ...upload, image: 'avatar' }] },
    { images: [{ ...upload, key: '' }] },
    { images: [{ ...upload, uploadValues: undefined }] },
    {},
  ])('rejects %j', (value) =>
    expect(UserImagesResponseSchema.safeParse(value).success).toBe(false),
  );

  it('names the two image kinds', () => {
    expect(UserImageKindSchema.options).toEqual(['signature', 'notarySeal']);
  });
});

describe('UserListQuerySchema', () => {
  it.each([
    [{ owner: 'acme' }, { owner: 'acme' }],
    [
      { owner: 'acme', fields: 'isNotary, signatureImageUrl' },
      { owner: 'acme', fields: ['isNotary', 'signatureImageUrl'] },
    ],
    [
      { owner: 'acme', fields: USER_FIELDS.join(',') },
      { owner: 'acme', fields: [...USER_FIELDS] },
    ],
    [
      { owner: 'acme', fields: '' },
      { owner: 'acme', fields: [] },
    ],
  ])('parses %j', (value, parsed) => expect(UserListQuerySchema.parse(value)).toEqual(parsed));

  it('names the allowed fields when one is unknown', () => {
    expect(messages(UserListQuerySchema, { owner: 'acme', fields: 'isNotary,ssn' })).toEqual([
      `fields may name only ${USER_FIELDS.join(', ')}`,
    ]);
  });
});

describe('UserListSchema', () => {
  const pagination = { totalCount: 1, nextCursor: 'n', previousCursor: '' };
  it('accepts lean records and rejects a generic data key', () => {
    expect(UserListSchema.safeParse({ users: [lean], pagination }).success).toBe(true);
    expect(UserListSchema.safeParse({ data: [lean], pagination }).success).toBe(false);
  });
});
