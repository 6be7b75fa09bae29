import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../service/testing/service.ts';
import { ApiError } from './api-error.ts';
import {
  FetchXhr,
  gatewayStandIn,
  PNG_BYTES,
  tokenUserId,
  type StandIn,
} from './testing/stand-in.ts';
import { uploadForm } from './upload.ts';
import { usersApi, type UsersApi } from './users.ts';

let service: TestService;
let admin: StandIn;
let api: UsersApi;

beforeAll(async () => {
  service = await startTestService();
  admin = await gatewayStandIn(service, 'acme-admin');
  api = usersApi(admin.client);
});
afterAll(() => service.close());

describe('users', () => {
  it('lists lean records, or with the fields asked for (one comma-separated fields)', async () => {
    const lean = await api.listUsers({ owner: 'acme', limit: 5 });
    expect(lean.users).toHaveLength(5);
    expect(admin.calls.at(-1)?.search.has('fields')).toBe(false);
    expect(lean.users.some((u) => 'isNotary' in u)).toBe(false);

    const rich = await api.listUsers({ owner: 'acme', limit: 5, fields: ['isNotary', 'jobTitle'] });
    expect(admin.calls.at(-1)?.search.getAll('fields')).toEqual(['isNotary,jobTitle']);
    expect(rich.users.every((u) => typeof u.isNotary === 'boolean')).toBe(true);
  });

  it('gets a user; an unknown one is a 404 ApiError', async () => {
    const { users } = await api.listUsers({ owner: 'acme', limit: 1 });
    const first = users[0];
    if (!first) throw new Error('no user');
    const user = await api.getUser(first.id);
    expect(user).toMatchObject({ id: first.id, displayName: first.displayName });
    const error = await api.getUser(randomUUID()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'http', status: 404 });
  });

  it('uploads a signature image into a slot and sets it on the profile', async () => {
    const me = tokenUserId(await service.token('acme-admin'));
    const { images } = await api.requestImageUploads(me, ['signature']);
    expect(images.map((i) => i.image)).toEqual(['signature']);
    const slot = images[0];
    if (!slot) throw new Error('no slot');
    await uploadForm(
      slot.uploadUrl,
      slot.uploadValues,
      new Blob([PNG_BYTES], { type: 'image/png' }),
      {
        xhr: FetchXhr,
      },
    );
    const updated = await api.updateUser(me, { signatureKey: slot.key });
    expect(updated.id).toBe(me);
    expect(updated.signatureImageUrl).toMatch(/^http/);
    const put = admin.calls.at(-1);
    expect(put).toMatchObject({ method: 'PUT', path: `/api/users/v1/users/${me}` });
    expect(put?.headers.get('x-attest')).toBe('1');
  });
});
