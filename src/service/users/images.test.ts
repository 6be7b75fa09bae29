import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import {
  UserImagesResponseSchema,
  UserListSchema,
  UserSchema,
  type UserImageKind,
} from '../../contract/users.ts';
import { expectError, expectJsonBodiesOnly, expectTokenNeeded } from '../testing/service.ts';
import {
  download,
  forge,
  JPEG,
  PDF,
  png,
  uploadImage,
  usersSetup,
  userState,
} from '../testing/users.ts';

const demo = usersSetup();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const path = (id: string) => `/users/v1/users/${id}`;
const postImages = (id: string, json: unknown, token = demo.admin) =>
  demo.service.send('POST', `${path(id)}/images`, { token, json });
const put = (id: string, json: unknown, token = demo.admin) =>
  demo.service.send('PUT', path(id), { token, json });

async function issue(id: string, images: UserImageKind[], token = demo.admin) {
  const result = await postImages(id, { images }, token);
  expect(result.status, result.text).toBe(201);
  return UserImagesResponseSchema.parse(result.body).images;
}

async function detail(id: string, token = demo.admin) {
  const result = await demo.service.get(path(id), token);
  expect(result.status).toBe(200);
  return UserSchema.parse(result.body);
}

describe('POST /users/v1/users/{userId}/images', () => {
  it('issues a key and a presigned POST per image, recorded as not yet uploaded', async () => {
    const images = await issue(demo.nora, ['notarySeal', 'signature'], demo.notary);
    expect(images.map((i) => i.image)).toEqual(['notarySeal', 'signature']);
    for (const image of images) {
      expect(image.key).toMatch(new RegExp(`^images/${demo.nora}/${image.image}-[0-9a-f-]{36}$`));
      expect(image.uploadUrl).toBe(`${demo.service.url}/uploads`);
      expect(Object.keys(image.uploadValues).sort()).toEqual(['key', 'policy', 'signature']);
      expect(image.uploadValues.key).toBe(image.key);
      const row = demo.service.ctx.db.prepare('SELECT * FROM uploads WHERE key = ?').get(image.key);
      expect(row).toMatchObject({
        owner: 'acme',
        kind: image.image,
        subject_id: demo.nora,
        uploaded_on: null,
      });
    }
    // Issuing keys leaves the images on file (the seed's) as they were.
    expect(userState(demo.service, demo.nora).user).toEqual({
      signature_image_key: `images/${demo.nora}/signature-demo.png`,
      notary_seal_image_key: `images/${demo.nora}/notarySeal-demo.png`,
    });
  });

  it.each([
    ['no images', { images: [] }, /at least one image/],
    ['an unknown image', { images: ['photo'] }, /image must be signature or notarySeal/],
    ['an image twice', { images: ['signature', 'signature'] }, /only once/],
    ['no images field', {}, /images/],
    ['an unknown field', { images: ['signature'], filename: 'a.png' }, /filename/],
  ])('refuses a body with %s with 400, issuing nothing', async (_, json, message) => {
    const before = userState(demo.service, demo.riley);
    expectError(await postImages(demo.riley, json), 400, message);
    expect(userState(demo.service, demo.riley)).toEqual(before);
  });

  it('refuses malformed JSON (400) and a body that is not JSON (415)', async () => {
    const images = `${path(demo.riley)}/images`;
    const state = () => userState(demo.service, demo.riley);
    const body = '{"images":["signature"]}';
    await expectJsonBodiesOnly(demo.service, 'POST', images, demo.admin, body, state);
  });

  it('lets only the user or a users.manage client ask (401 otherwise), issuing nothing', async () => {
    const before = userState(demo.service, demo.riley);
    const json = { images: ['signature'] };
    expectError(await postImages(demo.riley, json, demo.notary), 401, /users\.manage/);
    expectError(
      await postImages(demo.riley, json, forge(demo.notary, { uid: demo.riley })),
      401,
      /invalid/,
    );
    expect(userState(demo.service, demo.riley)).toEqual(before);
    expect((await postImages(demo.riley, json, demo.reviewer)).status).toBe(201);
  });

  it("answers 404 for an unknown id and another owner's user, issuing nothing", async () => {
    const before = userState(demo.service, demo.gwen);
    const json = { images: ['signature'] };
    expectError(await postImages(UNKNOWN, json), 404, /not found/);
    expectError(await postImages(demo.gwen, json, demo.admin), 404, /not found/);
    expectError(await postImages(demo.nora, json, demo.globex), 404, /not found/);
    expect(userState(demo.service, demo.gwen)).toEqual(before);
    expectError(await postImages('gwen', json, demo.globex), 400, /UUID/);
  });

  it('needs a valid token', async () => {
    const before = userState(demo.service, demo.nora);
    const json = { images: ['signature'] };
    await expectTokenNeeded((token) => postImages(demo.nora, json, token));
    expect(userState(demo.service, demo.nora)).toEqual(before);
  });
});

describe('the images flow of the spec, end to end', () => {
  it('upload a PNG and a JPEG, save the keys, download the same bytes', async () => {
    const signatureBytes = png(200, 4);
    const images = await issue(demo.nora, ['signature', 'notarySeal'], demo.notary);
    const [signature, seal] = images;
    if (!signature || !seal) throw new Error('two images expected');
    expect(await uploadImage(signature, signatureBytes)).toBe(204);
    expect(await uploadImage(seal, JPEG)).toBe(204);

    const saved = await put(
      demo.nora,
      { signatureKey: signature.key, notarySealKey: seal.key },
      demo.notary,
    );
    expect(saved.status, saved.text).toBe(200);
    const fromPut = UserSchema.parse(saved.body);

    const user = await detail(demo.nora, demo.reviewer);
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
      (await demo.service.get('/users/v1/users?owner=acme&fields=signatureImageUrl', demo.reviewer))
        .body,
    );
    const listed = users.find((u) => u.id === demo.nora)?.signatureImageUrl;
    expect((await download(listed ?? '')).bytes).toEqual(signatureBytes);
  });

  it('lets an admin replace a notary image; the profile then shows the new one', async () => {
    const [seal] = await issue(demo.nora, ['notarySeal'], demo.admin);
    if (!seal) throw new Error('no image');
    const bytes = png(9, 2);
    expect(await uploadImage(seal, bytes)).toBe(204);
    expect((await put(demo.nora, { notarySealKey: seal.key }, demo.admin)).status).toBe(200);
    expect((await download((await detail(demo.nora)).notarySealImageUrl ?? '')).bytes).toEqual(
      bytes,
    );
  });

  it('refuses a non-image (415) and a too-large image (413); their keys stay unusable', async () => {
    const [pdf, big] = await issue(demo.riley, ['signature', 'notarySeal'], demo.reviewer);
    if (!pdf || !big) throw new Error('two images expected');
    expect(await uploadImage(pdf, PDF)).toBe(415);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(png());
    expect(await uploadImage(big, huge)).toBe(413);
    const before = userState(demo.service, demo.riley);
    const body = { signatureKey: pdf.key, notarySealKey: big.key };
    expectError(await put(demo.riley, body, demo.reviewer), 400, /not been uploaded/);
    expect(userState(demo.service, demo.riley)).toEqual(before);
  });
});

describe('the deprecated filename fields', () => {
  it('answer PUT upload URLs that accept the image, which is attached on arrival', async () => {
    const before = userState(demo.service, demo.riley);
    const result = await put(demo.riley, { signatureFilename: 'riley.png' }, demo.reviewer);
    expect(result.status, result.text).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(Object.keys(user.uploadImageUrls ?? {})).toEqual(['signature']);
    const url = user.uploadImageUrls?.signature ?? '';
    expect(url).toMatch(new RegExp(`^${demo.service.url}/uploads/images/${demo.riley}/signature-`));
    // Only the URL is issued: the profile keeps its image until the key is saved.
    expect(before.user.signature_image_key).toBeNull();
    expect(user.signatureImageUrl).toBeNull();
    expect(userState(demo.service, demo.riley).user).toEqual(before.user);

    const bytes = png(77, 3);
    const uploaded = await fetch(url, { method: 'PUT', body: bytes });
    expect(uploaded.status).toBe(204);
    // A legacy client stops here: the image is on the profile without a second PUT.
    expect((await download((await detail(demo.riley)).signatureImageUrl ?? '')).bytes).toEqual(
      bytes,
    );
    // Sending the key as well is harmless.
    const key = new URL(url).pathname.slice('/uploads/'.length);
    expect((await put(demo.riley, { signatureKey: key }, demo.reviewer)).status).toBe(200);
  });

  it('issue one URL per image named, and nothing is saved before the upload', async () => {
    const result = await put(demo.nora, {
      signatureFilename: 's.png',
      notarySealFilename: 'n.jpg',
    });
    const urls = UserSchema.parse(result.body).uploadImageUrls ?? {};
    expect(Object.keys(urls).sort()).toEqual(['notarySeal', 'signature']);
    const key = new URL(urls.notarySeal ?? '').pathname.slice('/uploads/'.length);
    expectError(await put(demo.nora, { notarySealKey: key }), 400, /not been uploaded/);
  });

  it('lose to a key for the same image: no URL is issued for it', async () => {
    const [signature] = await issue(demo.riley, ['signature'], demo.reviewer);
    if (!signature) throw new Error('no image');
    const bytes = png(33);
    expect(await uploadImage(signature, bytes)).toBe(204);
    const uploadsBefore = userState(demo.service, demo.riley).uploads.length;
    const result = await put(
      demo.riley,
      { signatureKey: signature.key, signatureFilename: 'old.png', notarySealFilename: 'seal.png' },
      demo.reviewer,
    );
    expect(result.status, result.text).toBe(200);
    const user = UserSchema.parse(result.body);
    expect(Object.keys(user.uploadImageUrls ?? {})).toEqual(['notarySeal']);
    expect((await download(user.signatureImageUrl ?? '')).bytes).toEqual(bytes);
    expect(userState(demo.service, demo.riley).uploads).toHaveLength(uploadsBefore + 1);
  });

  it('do not rescue a bad key: 400, and no URL is issued', async () => {
    const [pending] = await issue(demo.riley, ['signature'], demo.reviewer);
    const before = userState(demo.service, demo.riley);
    const body = { signatureKey: pending?.key, signatureFilename: 'old.png' };
    expectError(await put(demo.riley, body, demo.reviewer), 400, /not been uploaded/);
    expect(userState(demo.service, demo.riley)).toEqual(before);
  });
});
