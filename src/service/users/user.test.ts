import { describe, expect } from 'vitest';
import { demoTokens, serviceTest as it } from '../testing/fixtures.ts';
import { UserImagesResponseSchema, UserSchema, type UserImageKind } from '../../contract/users.ts';
import { expectError, type TestService } from '../testing/service.ts';
import { forge, JPEG, png, uploadImage, seededUsers, userState } from '../testing/users.ts';

let service: TestService;
let admin: string;
let reviewer: string;
let notary: string;
let integration: string;
let globex: string;
let nora: string;
let riley: string;
let gwen: string;

it.beforeAll(async ({ service: started }) => {
  service = started;
  ({ admin, reviewer, notary, integration, globex } = await demoTokens(service));
  ({ nora, riley, gwen } = seededUsers(service));
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const path = (id: string) => `/users/v1/users/${id}`;
const put = (id: string, json: unknown, token = admin) =>
  service.send('PUT', path(id), { token, json });

/** Issues image keys for a user (as an admin) and uploads bytes to those asked for. */
async function issue(id: string, kinds: UserImageKind[], upload = true, token = admin) {
  const result = await service.send('POST', `${path(id)}/images`, {
    token,
    json: { images: kinds },
  });
  expect(result.status, result.text).toBe(201);
  const { images } = UserImagesResponseSchema.parse(result.body);
  if (upload) {
    for (const image of images) {
      expect(await uploadImage(image, image.image === 'signature' ? png(1) : JPEG)).toBe(204);
    }
  }
  return images.map((image) => image.key);
}

describe('GET /users/v1/users/{userId}', () => {
  it('returns the detail view: lean fields, notary flag and image URLs', async () => {
    const result = await service.get(path(nora), reviewer);
    expect(result.status).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(user).toEqual({
      id: nora,
      displayName: 'Nora Notary',
      email: 'nora.notary@acme.example',
      jobTitle: 'Notary Public',
      phoneNumber: expect.any(String),
      deactivatedOn: null,
      isNotary: true,
      signatureImageUrl: null,
      notarySealImageUrl: null,
    });
  });

  it('shows a deactivated user with its deactivation time', async () => {
    const row = service.ctx.db
      .prepare(
        "SELECT id, deactivated_on FROM users WHERE owner = 'acme' AND deactivated_on IS NOT NULL",
      )
      .get() as { id: string; deactivated_on: string };
    const user = UserSchema.parse((await service.get(path(row.id), notary)).body);
    expect(user.deactivatedOn).toBe(row.deactivated_on);
    expect(user.isNotary).toBe(false);
  });

  it("answers 404 for an unknown id and for another owner's user, 400 for a non-UUID", async () => {
    expectError(await service.get(path(UNKNOWN), admin), 404, /not found/);
    expectError(await service.get(path(gwen), admin), 404, new RegExp(`user ${gwen} not found`));
    expectError(await service.get(path(nora), globex), 404, /not found/);
    expect((await service.get(path(gwen), globex)).status).toBe(200);
    expectError(await service.get(path('nora'), admin), 400, /userId must be a UUID/);
  });

  it('needs a valid token', async () => {
    expectError(await service.get(path(nora)), 401, /Authorization/);
    expectError(await service.get(path(nora), 'forged.token.value'), 401, /invalid/);
    expectError(await service.get(path(gwen), forge(admin, { owner: 'globex' })), 401, /invalid/);
  });
});

describe('PUT /users/v1/users/{userId}', () => {
  it('lets Nora save her own images, and answers the detail view', async () => {
    const [signature, seal] = await issue(nora, ['signature', 'notarySeal'], true, notary);
    const result = await put(nora, { signatureKey: signature, notarySealKey: seal }, notary);
    expect(result.status, result.text).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(user).toMatchObject({ id: nora, isNotary: true, displayName: 'Nora Notary' });
    expect(user.signatureImageUrl).toMatch(/\/blobs\/images\//);
    expect(user.notarySealImageUrl).toMatch(/\/blobs\/images\//);
    expect(user).not.toHaveProperty('uploadImageUrls');
    expect(userState(service, nora).user).toEqual({
      signature_image_key: signature,
      notary_seal_image_key: seal,
    });
  });

  it('lets a users.manage client edit another user (admin and machine client)', async () => {
    const [first] = await issue(nora, ['signature']);
    expect((await put(nora, { signatureKey: first }, admin)).status).toBe(200);
    expect(userState(service, nora).user.signature_image_key).toBe(first);
    const [second] = await issue(nora, ['signature'], true, integration);
    expect((await put(nora, { signatureKey: second }, integration)).status).toBe(200);
    expect(userState(service, nora).user.signature_image_key).toBe(second);
  });

  it('answers an empty body with the unchanged profile', async () => {
    const before = userState(service, riley);
    const result = await put(riley, {}, reviewer);
    expect(result.status).toBe(200);
    expect(UserSchema.parse(result.body)).toMatchObject({ id: riley, isNotary: false });
    expect(userState(service, riley)).toEqual(before);
  });

  it("refuses a notary editing Riley's profile with 401, and writes nothing", async () => {
    const [key] = await issue(riley, ['signature']);
    const before = userState(service, riley);
    for (const token of [notary, forge(notary, { perms: ['users.manage'] })]) {
      const result = await put(riley, { signatureKey: key }, token);
      expectError(result, 401, token === notary ? /users\.manage/ : /invalid/);
    }
    expectError(await put(nora, {}, reviewer), 401, /only its own user/);
    expect(userState(service, riley)).toEqual(before);
    // The key itself was good: Riley may use it.
    expect((await put(riley, { signatureKey: key }, reviewer)).status).toBe(200);
  });

  it('refuses a key whose image was not uploaded with 400', async () => {
    const [key] = await issue(riley, ['signature'], false);
    const before = userState(service, riley);
    expectError(await put(riley, { signatureKey: key }), 400, /signatureKey: .*not been uploaded/);
    expect(userState(service, riley)).toEqual(before);
  });

  it.each([
    ["another user's key", () => issue(nora, ['signature']).then(([k]) => ({ signatureKey: k }))],
    [
      'a seal key as signatureKey',
      () => issue(riley, ['notarySeal']).then(([k]) => ({ signatureKey: k })),
    ],
    [
      'a signature key as notarySealKey',
      () => issue(riley, ['signature']).then(([k]) => ({ notarySealKey: k })),
    ],
    [
      "another owner's key",
      () => issue(gwen, ['signature'], true, globex).then(([k]) => ({ signatureKey: k })),
    ],
    ['a made-up key', () => Promise.resolve({ signatureKey: `images/${riley}/signature-made-up` })],
  ])('refuses %s with 400, and writes nothing', async (_, body) => {
    const json = await body();
    const before = userState(service, riley);
    expectError(await put(riley, json), 400, /Key is not a key issued for the \w+ image of user/);
    expect(userState(service, riley)).toEqual(before);
  });

  it('writes neither image when one of two keys is bad', async () => {
    const [good] = await issue(riley, ['signature']);
    const [bad] = await issue(riley, ['notarySeal'], false);
    const before = userState(service, riley);
    expectError(await put(riley, { signatureKey: good, notarySealKey: bad }), 400, /notarySealKey/);
    expect(userState(service, riley)).toEqual(before);
  });

  it.each([
    ['an unknown field', { displayName: 'Nora N.' }, /displayName/],
    ['an empty key', { signatureKey: '' }, /signatureKey: must not be empty/],
    ['a key that is not a string', { signatureKey: 7 }, /signatureKey/],
    ['an array', [], /invalid request body/],
  ])('refuses a body with %s with 400', async (_, json, message) => {
    const before = userState(service, nora);
    expectError(await put(nora, json), 400, message);
    expect(userState(service, nora)).toEqual(before);
  });

  it('refuses malformed JSON (400) and a body that is not JSON (415)', async () => {
    const before = userState(service, nora);
    const headers = { 'content-type': 'application/json' };
    expectError(
      await service.send('PUT', path(nora), { token: admin, body: '{"signatureKey":', headers }),
      400,
      /not valid JSON/,
    );
    expectError(
      await service.send('PUT', path(nora), { token: admin, body: 'signatureKey=x' }),
      415,
      /must be JSON/,
    );
    expect(userState(service, nora)).toEqual(before);
  });

  it("answers 404 for an unknown id and another owner's user, writing nothing", async () => {
    const [key] = await issue(gwen, ['signature'], true, globex);
    const before = userState(service, gwen);
    expectError(await put(UNKNOWN, {}), 404, /not found/);
    expectError(await put(gwen, { signatureKey: key }, admin), 404, /not found/);
    expectError(await put(gwen, { signatureKey: key }, integration), 404, /not found/);
    expectError(await put(nora, {}, globex), 404, /not found/);
    expect(userState(service, gwen)).toEqual(before);
    expectError(await put('not-a-uuid', {}), 400, /UUID/);
  });

  it('needs a valid token', async () => {
    const before = userState(service, nora);
    expectError(await put(nora, {}, ''), 401, /Authorization/);
    expectError(await put(nora, {}, 'forged.token.value'), 401, /invalid/);
    expectError(await put(nora, {}, forge(reviewer, { uid: nora })), 401, /invalid/);
    expect(userState(service, nora)).toEqual(before);
  });
});
