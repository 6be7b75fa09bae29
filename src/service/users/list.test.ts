import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { UserListSchema, type User } from '../../contract/users.ts';
import {
  expectError,
  expectGetErrors,
  expectListQueryRefused,
  expectTokenNeeded,
  readOk,
} from '../testing/service.ts';
import { download, forge, png, userId } from '../testing/users.ts';

const demo = demoSetup();

const LEAN = ['deactivatedOn', 'displayName', 'email', 'id', 'jobTitle', 'phoneNumber'];

const list = (query: string, token = demo.admin) =>
  readOk(demo.service, `/users/v1/users?${query}`, token, UserListSchema);

function dbUsers(owner: string, order: string) {
  return demo.service.ctx.db
    .prepare(`SELECT id, display_name, deactivated_on FROM users WHERE owner = ? ORDER BY ${order}`)
    .all(owner) as { id: string; display_name: string; deactivated_on: string | null }[];
}

describe('GET /users/v1/users', () => {
  it("lists the owner's users by display name, lean fields only", async () => {
    const { users, pagination } = await list('owner=acme');
    const expected = dbUsers('acme', 'display_name, id');
    expect(users.map((u) => u.id)).toEqual(expected.map((u) => u.id));
    expect(pagination).toEqual({ totalCount: 14, nextCursor: '', previousCursor: '' });
    for (const user of users) expect(Object.keys(user).sort()).toEqual(LEAN);
    const deactivated = users.filter((u) => u.deactivatedOn !== null);
    expect(deactivated.map((u) => u.id)).toEqual(
      expected.filter((u) => u.deactivated_on).map((u) => u.id),
    );
    expect(deactivated).toHaveLength(1);
    const nora = users.find((u) => u.displayName === 'Nora Notary');
    expect(nora).toMatchObject({ email: 'nora.notary@acme.example', jobTitle: 'Notary Public' });
  });

  it('is readable by every client of the owner', async () => {
    for (const token of [demo.reviewer, demo.notary, demo.integration]) {
      expect((await list('owner=acme', token)).pagination.totalCount).toBe(14);
    }
  });

  it('keeps owners apart', async () => {
    const { users } = await list('owner=globex', demo.globex);
    expect(users.map((u) => u.id)).toEqual(dbUsers('globex', 'display_name, id').map((u) => u.id));
    expect(users).toHaveLength(5);
    await expectGetErrors(demo.service, [
      ['/users/v1/users?owner=acme', demo.globex, 401, /owner acme/],
      ['/users/v1/users?owner=globex', demo.admin, 401, /owner globex/],
    ]);
  });

  it('adds the notary flag and image URLs when the fields mask asks for them', async () => {
    // An image stored straight into the data, so the list has a URL to presign.
    const nora = userId(demo.service, 'acme', 'Nora Notary');
    const bytes = png(42);
    demo.service.ctx.blobs.put(`images/${nora}/signature-list-test`, bytes);
    demo.service.ctx.db
      .prepare('UPDATE users SET signature_image_key = ? WHERE id = ?')
      .run(`images/${nora}/signature-list-test`, nora);

    const { users } = await list(
      'owner=acme&fields=isNotary,signatureImageUrl,notarySealImageUrl',
      demo.reviewer,
    );
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(
        [...LEAN, 'isNotary', 'notarySealImageUrl', 'signatureImageUrl'].sort(),
      );
    }
    const byName = (name: string) => users.find((u) => u.displayName === name) as User;
    // The demo notary's seal on file (the seed draws it), beside the signature set above.
    expect(byName('Nora Notary')).toMatchObject({
      isNotary: true,
      notarySealImageUrl: expect.stringMatching(/\/blobs\/images\/.+\/notarySeal-demo\.png/),
    });
    expect(byName('Riley Reviewer')).toMatchObject({
      isNotary: false,
      signatureImageUrl: null,
      notarySealImageUrl: null,
    });
    const url = byName('Nora Notary').signatureImageUrl;
    expect(url).toMatch(new RegExp(`^${demo.service.url}/blobs/images/`));
    expect(await download(url ?? '')).toEqual({ status: 200, type: 'image/png', bytes });
  });

  it('adds only the fields named, and takes lean names and blanks as no-ops', async () => {
    const { users } = await list('owner=acme&fields=isNotary');
    expect(Object.keys(users[0] ?? {}).sort()).toEqual([...LEAN, 'isNotary'].sort());
    const same = await list('owner=acme&fields=jobTitle, deactivatedOn,,');
    expect(Object.keys(same.users[0] ?? {}).sort()).toEqual(LEAN);
    expect(Object.keys((await list('owner=acme&fields=')).users[0] ?? {}).sort()).toEqual(LEAN);
  });

  it.each([
    ['fields=isNotary,ssn', /fields may name only isNotary/],
    ['fields=uploadImageUrls', /fields may name only/],
    ['orderBy=email', /orderBy must be one of: displayName, createdOn/],
    ['orderDirection=up', /orderDirection/],
    ['limit=0', /limit/],
    ['limit=501', /limit/],
    ['cursor=abc.def', /invalid cursor/],
  ])('refuses %s with 400', (query, message) =>
    expectListQueryRefused(demo.service, '/users/v1/users', demo.admin, query, message),
  );

  it('requires owner', async () => {
    expectError(await demo.service.get('/users/v1/users', demo.admin), 400, /owner/);
    expectError(
      await demo.service.get('/users/v1/users?owner=&fields=isNotary', demo.admin),
      400,
      /owner/,
    );
  });

  it('pages with cursors in both directions, by name or creation time', async () => {
    const all = dbUsers('acme', 'display_name, id').map((u) => u.id);
    const seen: string[] = [];
    let page = await list('owner=acme&limit=5');
    const cursors: string[] = [];
    for (;;) {
      seen.push(...page.users.map((u) => u.id));
      if (page.pagination.nextCursor === '') break;
      cursors.push(page.pagination.nextCursor);
      page = await list(`owner=acme&limit=5&cursor=${page.pagination.nextCursor}`);
    }
    expect(seen).toEqual(all);
    expect(cursors).toHaveLength(2);
    // From the last page back one page.
    const back = await list(`owner=acme&limit=5&cursor=${page.pagination.previousCursor}`);
    expect(back.users.map((u) => u.id)).toEqual(all.slice(5, 10));

    const created = await list('owner=acme&orderBy=createdOn&orderDirection=desc&limit=20');
    expect(created.users.map((u) => u.id)).toEqual(
      dbUsers('acme', 'created_on DESC, id DESC').map((u) => u.id),
    );
  });

  it("refuses a cursor used with another order or another owner's token", async () => {
    const { pagination } = await list('owner=acme&limit=5');
    expectError(
      await demo.service.get(
        `/users/v1/users?owner=acme&limit=5&orderBy=createdOn&cursor=${pagination.nextCursor}`,
        demo.admin,
      ),
      400,
      /invalid cursor/,
    );
    expectError(
      await demo.service.get(
        `/users/v1/users?owner=acme&limit=6&cursor=${pagination.nextCursor}`,
        demo.admin,
      ),
      400,
      /invalid cursor/,
    );
  });

  it('needs a valid token', async () => {
    await expectTokenNeeded((token) => demo.service.get('/users/v1/users?owner=acme', token));
    // Claiming globex with acme's signature does not read globex.
    const forged = forge(demo.admin, { owner: 'globex' });
    expectError(await demo.service.get('/users/v1/users?owner=globex', forged), 401, /invalid/);
  });
});
