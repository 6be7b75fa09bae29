import { describe, expect, it } from 'vitest';
import {
  secretsFor,
  WebhookOwnerSecretsSchema,
  WebhookSecretListSchema,
  WebhookSecretSchema,
  AddressChangePayloadSchema,
  DocumentReadyPayloadSchema,
  EVENT_TYPES,
  WEBHOOK_PAYLOAD_SCHEMAS,
} from './webhooks.ts';
import { ID, ID2 } from './testing/fixtures.ts';

const ready = {
  matterUUID: ID,
  crid: 'CR-1',
  downloadUrl: 'http://127.0.0.1:8090/blobs/x?expires=1&sig=abc',
  fileRequestUUID: ID2,
  fileUUID: ID,
};
const addressChange = {
  matterUUID: ID,
  crid: 'CR-1',
  entityId: ID2,
  addressTypes: ['official', 'physical'],
};

describe('DocumentReadyPayloadSchema', () => {
  it.each([ready, { ...ready, downloadUrl: 'https://bucket.example.com/k?X-Sig=1' }])(
    'accepts %j',
    (value) => expect(DocumentReadyPayloadSchema.parse(value)).toEqual(value),
  );

  it('ignores a field added upstream (payloads are additive-only)', () => {
    expect(DocumentReadyPayloadSchema.parse({ ...ready, signedOn: 'later' })).toEqual(ready);
  });

  it.each([
    { ...ready, matterUUID: 'm-1' },
    { ...ready, fileRequestUUID: undefined },
    { ...ready, fileUUID: 42 },
    { ...ready, crid: undefined },
    { ...ready, downloadUrl: 'javascript:alert(1)' },
    { ...ready, downloadUrl: '/blobs/x' },
  ])('rejects %j', (value) =>
    expect(DocumentReadyPayloadSchema.safeParse(value).success).toBe(false),
  );
});

describe('AddressChangePayloadSchema', () => {
  it.each([addressChange, { ...addressChange, addressTypes: ['mailing'] }])('accepts %j', (value) =>
    expect(AddressChangePayloadSchema.parse(value)).toEqual(value),
  );

  it('ignores a field added upstream', () => {
    expect(AddressChangePayloadSchema.parse({ ...addressChange, source: 'api' })).toEqual(
      addressChange,
    );
  });

  it.each([
    { ...addressChange, addressTypes: [] },
    { ...addressChange, addressTypes: ['billing'] },
    { ...addressChange, entityId: 'e-1' },
    { ...addressChange, matterUUID: undefined },
  ])('rejects %j', (value) =>
    expect(AddressChangePayloadSchema.safeParse(value).success).toBe(false),
  );
});

describe('WEBHOOK_PAYLOAD_SCHEMAS', () => {
  it('has a payload schema for every event type', () => {
    expect(Object.keys(WEBHOOK_PAYLOAD_SCHEMAS)).toEqual([...EVENT_TYPES]);
    expect(WEBHOOK_PAYLOAD_SCHEMAS.DOCUMENT_READY.safeParse(ready).success).toBe(true);
    expect(WEBHOOK_PAYLOAD_SCHEMAS.ADDRESS_CHANGE.safeParse(ready).success).toBe(false);
  });
});

describe('WebhookSecretSchema', () => {
  it('accepts the Standard Webhooks test secret and lists of secrets', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    expect(WebhookSecretSchema.parse(secret)).toBe(secret);
    expect(WebhookSecretListSchema.parse(` ${secret}  ${secret} `)).toEqual([secret, secret]);
  });

  it.each([
    ['no prefix', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', /start with whsec_/],
    ['nothing after the prefix', 'whsec_', /base64 key bytes/],
    ['not base64', 'whsec_not base64!', /base64 key bytes/],
  ])('refuses %s', (_, secret, message) => {
    const result = WebhookSecretSchema.safeParse(secret);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it('refuses an empty list', () => {
    expect(WebhookSecretListSchema.safeParse('   ').success).toBe(false);
  });
});

describe('WebhookOwnerSecretsSchema (ATTEST_WEBHOOK_SECRETS)', () => {
  const A = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  // Base64 with padding: the entry splits at its first `=`, not its last.
  const B = `whsec_${Buffer.from('rotated in').toString('base64')}`;
  const G = `whsec_${Buffer.from('globex key').toString('base64')}`;

  it('gives each owner its secrets, an owner named twice both (rotation)', () => {
    expect(B).toMatch(/=$/);
    const parsed = WebhookOwnerSecretsSchema.parse(` acme=${A}\n globex=${G}  acme=${B} acme=${A}`);
    expect([...parsed]).toEqual([
      ['acme', [A, B]],
      ['globex', [G]],
    ]);
    expect(secretsFor(parsed, 'acme')).toEqual([A, B]);
    expect(secretsFor(parsed, 'initech')).toEqual([]);
    // Map keys, so a name like __proto__ is only a name.
    expect(secretsFor(parsed, '__proto__')).toEqual([]);
  });

  it('a plain list serves every owner', () => {
    expect(secretsFor([A], 'anyone')).toEqual([A]);
  });

  it.each([
    ['no entries', '   ', /at least one owner=whsec_/],
    ['a secret without an owner', A, /owner=whsec_/],
    ['an empty owner', `=${A}`, /an owner is 1 to 128/],
    ['an owner with a slash', `ac/me=${A}`, /an owner is 1 to 128/],
    ['a secret without its prefix', 'acme=MfKQ9r8GKYqrTwjU', /start with whsec_/],
    ['a secret that is not base64', 'acme=whsec_***', /base64/],
    ['nothing after the =', 'acme=', /start with whsec_|base64/],
  ])('refuses %s', (_, value, message) => {
    const result = WebhookOwnerSecretsSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join('\n')).toMatch(message);
  });
});
