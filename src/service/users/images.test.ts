import { describe, expect } from 'vitest';
import { demoTokens, serviceTest as it } from '../testing/fixtures.ts';
import {
  UserImagesResponseSchema,
  UserListSchema,
  UserSchema,
  type UserImageKind,
} from '../../contract/users.ts';
import { expectError, type TestService } from '../testing/service.ts';
import {
  download,
  forge,
  JPEG,
  PDF,
  png,
  uploadImage,
  seededUsers,
  userState,
} from '../testing/users.ts';

let service: TestService;
let admin: string;
let reviewer: string;
let notary: string;
let globex: string;
let nora: string;
let riley: string;
let gwen: string;

it.beforeAll(async ({ service: started }) => {
  service = started;
  ({ admin, reviewer, notary, globex } = await demoTokens(service));
  ({ nora, riley, gwen } = seededUsers(service));
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const path = (id: string) => `/users/v1/users/${id}`;
const postImages = (id: string, json: unknown, token = admin) =>
  service.send('POST', `${path(id)}/images`, { token, json });
const put = (id: string, json: unknown, token = admin) =>
  service.send('PUT', path(id), { token, json });

async function issue(id: string, images: UserImageKind[], token = admin) {
  const result = await postImages(id, { images }, token);
  expect(result.status, result.text).toBe(201);
  return UserImagesResponseSchema.parse(result.body).images;
}

async function detail(id: string, token = admin) {
  const result = await service.get(path(id), token);
  expect(result.status).toBe(200);
  return UserSchema.parse(result.body);
}

describe('POST /users/v1/users/{userId}/images', () => {
  it('issues a key and a presigned POST per image, recorded as not yet uploaded', async () => {
    const images = await issue(nora, ['notarySeal', 'signature'], notary);
    expect(images.map((i) => i.image)).toEqual(['notarySeal', 'signature']);
    for (const image of images) {
      expect(image.key).toMatch(new RegExp(`^images/${nora}/${image.image}-[0-9a-f-]{36}$`));
      expect(image.uploadUrl).toBe(`${service.url}/uploads`);
      expect(Object.keys(image.uploadValues).sort()).toEqual(['key', 'policy', 'signature']);
      expect(image.uploadValues.key).toBe(image.key);
      const row = service.ctx.db.prepare('SELECT * FROM uploads WHERE key = ?').get(image.key);
      expect(row).toMatchObject({
        owner: 'acme',
        kind: image.image,
        subject_id: nora,
        uploaded_on: null,
      });
    }
    expect(userState(service, nora).user).toEqual({
      signature_image_key: null,
      notary_seal_image_key: null,
    });
  });

  it.each([
    ['no images', { images: [] }, /at least one image/],
    ['an unknown image', { images: ['photo'] }, /image must be signature or notarySeal/],
    ['an image twice', { images: ['signature', 'signature'] }, /only once/],
    ['no images field', {}, /images/],
    ['an unknown field', { images: ['signature'], filename: 'a.png' }, /filename/],
  ])('refuses a body with %s with 400, issuing nothing', async (_, json, message) => {
    const before = userState(service, riley);
    expectError(await postImages(riley, json), 400, message);
    expect(userState(service, riley)).toEqual(before);
  });

  it('refuses malformed JSON (400) and a body that is not JSON (415)', async () => {
    const before = userState(service, riley);
    const send = (body: string, headers: Record<string, string> = {}) =>
      service.send('POST', `${path(riley)}/images`, { token: admin, body, headers });
    expectError(await send('{"images":', { 'content-type': 'application/json' }), 400, /JSON/);
    expectError(await send('images=signature'), 415, /must be JSON/);
    expect(userState(service, riley)).toEqual(before);
  });

  it('lets only the user or a users.manage client ask (401 otherwise), issuing nothing', async () => {
    const before = userState(service, riley);
    const json = { images: ['signature'] };
    expectError(await postImages(riley, json, notary), 401, /users\.manage/);
    expectError(await postImages(riley, json, forge(notary, { uid: riley })), 401, /invalid/);
    expect(userState(service, riley)).toEqual(before);
    expect((await postImages(riley, json, reviewer)).status).toBe(201);
  });

  it("answers 404 for an unknown id and another owner's user, issuing nothing", async () => {
    const before = userState(service, gwen);
    const json = { images: ['signature'] };
    expectError(await postImages(UNKNOWN, json), 404, /not found/);
    expectError(await postImages(gwen, json, admin), 404, /not found/);
    expectError(await postImages(nora, json, globex), 404, /not found/);
    expect(userState(service, gwen)).toEqual(before);
    expectError(await postImages('gwen', json, globex), 400, /UUID/);
  });

  it('needs a valid token', async () => {
    const before = userState(service, nora);
    const json = { images: ['signature'] };
    expectError(await postImages(nora, json, ''), 401, /Authorization/);
    expectError(await postImages(nora, json, 'forged.token.value'), 401, /invalid/);
    expect(userState(service, nora)).toEqual(before);
  });
});

describe('the images flow of the spec, end to end', () => {
  it('upload a PNG and a JPEG, save the keys, download the same bytes', async () => {
    const signatureBytes = png(200, 4);
    const images = await issue(nora, ['signature', 'notarySeal'], notary);
    const [signature, seal] = images;
    if (!signature || !seal) throw new Error('two images expected');
    expect(await uploadImage(signature, signatureBytes)).toBe(204);
    expect(await uploadImage(seal, JPEG)).toBe(204);

    const saved = await put(nora, { signatureKey: signature.key, notarySealKey: seal.key }, notary);
    expect(saved.status, saved.text).toBe(200);
    const fromPut = UserSchema.parse(saved.body);

    const user = await detail(nora, reviewer);
    for (const view of [fromPut, user]) {
      expect(await download(view.signatureImageUrl ?? '')).toEqual({
        status: 200,
        type: 'image/png',
        bytes: signatureBytes,
      });
      expect(await download(view.notarySealImageUrl ?? '')).toEqual({
        status: 200,
        type: 'image/jpeg',
        bytes: JPEG,
      });
    }
    const { users } = UserListSchema.parse(
      (await service.get('/users/v1/users?owner=acme&fields=signatureImageUrl', reviewer)).body,
    );
    const listed = users.find((u) => u.id === nora)?.signatureImageUrl;
    expect((await download(listed ?? '')).bytes).toEqual(signatureBytes);
  });

  it('lets an admin replace a notary image; the profile then shows the new one', async () => {
    const [seal] = await issue(nora, ['notarySeal'], admin);
    if (!seal) throw new Error('no image');
    const bytes = png(9, 2);
    expect(await uploadImage(seal, bytes)).toBe(204);
    expect((await put(nora, { notarySealKey: seal.key }, admin)).status).toBe(200);
    expect((await download((await detail(nora)).notarySealImageUrl ?? '')).bytes).toEqual(bytes);
  });

  it('refuses a non-image (415) and a too-large image (413); their keys stay unusable', async () => {
    const [pdf, big] = await issue(riley, ['signature', 'notarySeal'], reviewer);
    if (!pdf || !big) throw new Error('two images expected');
    expect(await uploadImage(pdf, PDF)).toBe(415);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(png());
    expect(await uploadImage(big, huge)).toBe(413);
    const before = userState(service, riley);
    const body = { signatureKey: pdf.key, notarySealKey: big.key };
    expectError(await put(riley, body, reviewer), 400, /not been uploaded/);
    expect(userState(service, riley)).toEqual(before);
  });
});

describe('the deprecated filename fields', () => {
  it('answer PUT upload URLs that accept the image, which is attached on arrival', async () => {
    const before = userState(service, riley);
    const result = await put(riley, { signatureFilename: 'riley.png' }, reviewer);
    expect(result.status, result.text).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(Object.keys(user.uploadImageUrls ?? {})).toEqual(['signature']);
    const url = user.uploadImageUrls?.signature ?? '';
    expect(url).toMatch(new RegExp(`^${service.url}/uploads/images/${riley}/signature-`));
    // Only the URL is issued: the profile keeps its image until the key is saved.
    expect(before.user.signature_image_key).toBeNull();
    expect(user.signatureImageUrl).toBeNull();
    expect(userState(service, riley).user).toEqual(before.user);

    const bytes = png(77, 3);
    const uploaded = await fetch(url, { method: 'PUT', body: bytes });
    expect(uploaded.status).toBe(204);
    // A legacy client stops here: the image is on the profile without a second PUT.
    expect((await download((await detail(riley)).signatureImageUrl ?? '')).bytes).toEqual(bytes);
    // Sending the key as well is harmless.
    const key = new URL(url).pathname.slice('/uploads/'.length);
    expect((await put(riley, { signatureKey: key }, reviewer)).status).toBe(200);
  });

  it('issue one URL per image named, and nothing is saved before the upload', async () => {
    const result = await put(nora, { signatureFilename: 's.png', notarySealFilename: 'n.jpg' });
    const urls = UserSchema.parse(result.body).uploadImageUrls ?? {};
    expect(Object.keys(urls).sort()).toEqual(['notarySeal', 'signature']);
    const key = new URL(urls.notarySeal ?? '').pathname.slice('/uploads/'.length);
    expectError(await put(nora, { notarySealKey: key }), 400, /not been uploaded/);
  });

  it('lose to a key for the same image: no URL is issued for it', async () => {
    const [signature] = await issue(riley, ['signature'], reviewer);
    if (!signature) throw new Error('no image');
    const bytes = png(33);
    expect(await uploadImage(signature, bytes)).toBe(204);
    const uploadsBefore = userState(service, riley).uploads.length;
    const result = await put(
      riley,
      { signatureKey: signature.key, signatureFilename: 'old.png', notarySealFilename: 'seal.png' },
      reviewer,
    );
    expect(result.status, result.text).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(Object.keys(user.uploadImageUrls ?? {})).toEqual(['notarySeal']);
    expect((await download(user.signatureImageUrl ?? '')).bytes).toEqual(bytes);
    expect(userState(service, riley).uploads).toHaveLength(uploadsBefore + 1);
  });

  it('do not rescue a bad key: 400, and no URL is issued', async () => {
    const [pending] = await issue(riley, ['signature'], reviewer);
    const before = userState(service, riley);
    const body = { signatureKey: pending?.key, signatureFilename: 'old.png' };
    expectError(await put(riley, body, reviewer), 400, /not been uploaded/);
    expect(userState(service, riley)).toEqual(before);
  });
});
