import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { UserImagesResponseSchema, UserSchema, type UserImageKind } from '../../contract/users.ts';
import { expectError, expectJsonBodiesOnly, expectTokenNeeded } from '../testing/service.ts';
import { forge, JPEG, png, uploadImage, usersSetup, userState } from '../testing/users.ts';

const demo = usersSetup();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const path = (id: string) => `/users/v1/users/${id}`;
const put = (id: string, json: unknown, token = demo.admin) =>
  demo.service.send('PUT', path(id), { token, json });

/** Issues image keys for a user (as an admin) and uploads bytes to those asked for. */
async function issue(id: string, kinds: UserImageKind[], upload = true, token = demo.admin) {
  const result = await demo.service.send('POST', `${path(id)}/images`, {
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
    const result = await demo.service.get(path(demo.nora), demo.reviewer);
    expect(result.status).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(user).toEqual({
      id: demo.nora,
      displayName: 'Nora Notary',
      email: 'nora.notary@acme.example',
      jobTitle: 'Notary Public',
      phoneNumber: expect.any(String),
      deactivatedOn: null,
      isNotary: true,
      // The demo notary's images on file, drawn by the seed.
      signatureImageUrl: expect.stringMatching(/\/blobs\/images\/.+\/signature-demo\.png/),
      notarySealImageUrl: expect.stringMatching(/\/blobs\/images\/.+\/notarySeal-demo\.png/),
    });
  });

  it('shows a deactivated user with its deactivation time', async () => {
    const row = demo.service.ctx.db
      .prepare(
        "SELECT id, deactivated_on FROM users WHERE owner = 'acme' AND deactivated_on IS NOT NULL",
      )
      .get() as { id: string; deactivated_on: string };
    const user = UserSchema.parse((await demo.service.get(path(row.id), demo.notary)).body);
    expect(user.deactivatedOn).toBe(row.deactivated_on);
    expect(user.isNotary).toBe(false);
  });

  it("answers 404 for an unknown id and for another owner's user, 400 for a non-UUID", async () => {
    expectError(await demo.service.get(path(UNKNOWN), demo.admin), 404, /not found/);
    expectError(
      await demo.service.get(path(demo.gwen), demo.admin),
      404,
      new RegExp(`user ${demo.gwen} not found`),
    );
    expectError(await demo.service.get(path(demo.nora), demo.globex), 404, /not found/);
    expect((await demo.service.get(path(demo.gwen), demo.globex)).status).toBe(200);
    expectError(await demo.service.get(path('nora'), demo.admin), 400, /userId must be a UUID/);
  });

  it('needs a valid token', async () => {
    await expectTokenNeeded((token) => demo.service.get(path(demo.nora), token));
    expectError(
      await demo.service.get(path(demo.gwen), forge(demo.admin, { owner: 'globex' })),
      401,
      /invalid/,
    );
  });
});

describe('PUT /users/v1/users/{userId}', () => {
  it('lets Nora save her own images, and answers the detail view', async () => {
    const [signature, seal] = await issue(
      demo.nora,
      ['signature', 'notarySeal'],
      true,
      demo.notary,
    );
    const result = await put(
      demo.nora,
      { signatureKey: signature, notarySealKey: seal },
      demo.notary,
    );
    expect(result.status, result.text).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(user).toMatchObject({ id: demo.nora, isNotary: true, displayName: 'Nora Notary' });
    expect(user.signatureImageUrl).toMatch(/\/blobs\/images\//);
    expect(user.notarySealImageUrl).toMatch(/\/blobs\/images\//);
    expect(user).not.toHaveProperty('uploadImageUrls');
    expect(userState(demo.service, demo.nora).user).toEqual({
      signature_image_key: signature,
      notary_seal_image_key: seal,
    });
  });

  it('lets a users.manage client edit another user (admin and machine client)', async () => {
    const [first] = await issue(demo.nora, ['signature']);
    expect((await put(demo.nora, { signatureKey: first }, demo.admin)).status).toBe(200);
    expect(userState(demo.service, demo.nora).user.signature_image_key).toBe(first);
    const [second] = await issue(demo.nora, ['signature'], true, demo.integration);
    expect((await put(demo.nora, { signatureKey: second }, demo.integration)).status).toBe(200);
    expect(userState(demo.service, demo.nora).user.signature_image_key).toBe(second);
  });

  it('answers an empty body with the unchanged profile', async () => {
    const before = userState(demo.service, demo.riley);
    const result = await put(demo.riley, {}, demo.reviewer);
    expect(result.status).toBe(200);
    expect(UserSchema.parse(result.body)).toMatchObject({ id: demo.riley, isNotary: false });
    expect(userState(demo.service, demo.riley)).toEqual(before);
  });

  it("refuses a notary editing Riley's profile with 401, and writes nothing", async () => {
    const [key] = await issue(demo.riley, ['signature']);
    const before = userState(demo.service, demo.riley);
    for (const token of [demo.notary, forge(demo.notary, { perms: ['users.manage'] })]) {
      const result = await put(demo.riley, { signatureKey: key }, token);
      expectError(result, 401, token === demo.notary ? /users\.manage/ : /invalid/);
    }
    expectError(await put(demo.nora, {}, demo.reviewer), 401, /only its own user/);
    expect(userState(demo.service, demo.riley)).toEqual(before);
    // The key itself was good: Riley may use it.
    expect((await put(demo.riley, { signatureKey: key }, demo.reviewer)).status).toBe(200);
  });

  it('refuses a key whose image was not uploaded with 400', async () => {
    const [key] = await issue(demo.riley, ['signature'], false);
    const before = userState(demo.service, demo.riley);
    expectError(
      await put(demo.riley, { signatureKey: key }),
      400,
      /signatureKey: .*not been uploaded/,
    );
    expect(userState(demo.service, demo.riley)).toEqual(before);
  });

  it.each([
    [
      "another user's key",
      () => issue(demo.nora, ['signature']).then(([k]) => ({ signatureKey: k })),
    ],
    [
      'a seal key as signatureKey',
      () => issue(demo.riley, ['notarySeal']).then(([k]) => ({ signatureKey: k })),
    ],
    [
      'a signature key as notarySealKey',
      () => issue(demo.riley, ['signature']).then(([k]) => ({ notarySealKey: k })),
    ],
    [
      "another owner's key",
      () => issue(demo.gwen, ['signature'], true, demo.globex).then(([k]) => ({ signatureKey: k })),
    ],
    [
      'a made-up key',
      () => Promise.resolve({ signatureKey: `images/${demo.riley}/signature-made-up` }),
    ],
  ])('refuses %s with 400, and writes nothing', async (_, body) => {
    const json = await body();
    const before = userState(demo.service, demo.riley);
    expectError(
      await put(demo.riley, json),
      400,
      /Key is not a key issued for the \w+ image of user/,
    );
    expect(userState(demo.service, demo.riley)).toEqual(before);
  });

  it('writes neither image when one of two keys is bad', async () => {
    const [good] = await issue(demo.riley, ['signature']);
    const [bad] = await issue(demo.riley, ['notarySeal'], false);
    const before = userState(demo.service, demo.riley);
    expectError(
      await put(demo.riley, { signatureKey: good, notarySealKey: bad }),
      400,
      /notarySealKey/,
    );
    expect(userState(demo.service, demo.riley)).toEqual(before);
  });

  it.each([
    ['an unknown field', { displayName: 'Nora N.' }, /displayName/],
    ['an empty key', { signatureKey: '' }, /signatureKey: must not be empty/],
    ['a key that is not a string', { signatureKey: 7 }, /signatureKey/],
    ['an array', [], /invalid request body/],
  ])('refuses a body with %s with 400', async (_, json, message) => {
    const before = userState(demo.service, demo.nora);
    expectError(await put(demo.nora, json), 400, message);
    expect(userState(demo.service, demo.nora)).toEqual(before);
  });

  it('refuses malformed JSON (400) and a body that is not JSON (415)', async () => {
    const state = () => userState(demo.service, demo.nora);
    const body = '{"signatureKey":"x"}';
    await expectJsonBodiesOnly(demo.service, 'PUT', path(demo.nora), demo.admin, body, state);
  });

  it("answers 404 for an unknown id and another owner's user, writing nothing", async () => {
    const [key] = await issue(demo.gwen, ['signature'], true, demo.globex);
    const before = userState(demo.service, demo.gwen);
    expectError(await put(UNKNOWN, {}), 404, /not found/);
    expectError(await put(demo.gwen, { signatureKey: key }, demo.admin), 404, /not found/);
    expectError(await put(demo.gwen, { signatureKey: key }, demo.integration), 404, /not found/);
    expectError(await put(demo.nora, {}, demo.globex), 404, /not found/);
    expect(userState(demo.service, demo.gwen)).toEqual(before);
    expectError(await put('not-a-uuid', {}), 400, /UUID/);
  });

  it('needs a valid token', async () => {
    const before = userState(demo.service, demo.nora);
    await expectTokenNeeded((token) => put(demo.nora, {}, token));
    expectError(await put(demo.nora, {}, forge(demo.reviewer, { uid: demo.nora })), 401, /invalid/);
    expect(userState(demo.service, demo.nora)).toEqual(before);
  });
});
