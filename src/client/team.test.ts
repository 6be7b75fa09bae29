import { describe, expect } from 'vitest';
import { ApiError } from './api-error.ts';
import { clientTest as it, pendingRequests } from './testing/fixtures.ts';
import { teamApi } from './team.ts';

// The team calls against the real gateway (its /team routes are its own, not proxied) in
// front of the real service, as two members of one owner.

describe('teamApi', () => {
  it('holds, answers who holds a request already held, takes over and releases', async ({
    signIn,
  }) => {
    const riley = await signIn('acme-reviewer', teamApi);
    const alex = await signIn('acme-admin', teamApi);
    const id = (await pendingRequests(riley.browser, 1))[0]?.id ?? '';

    const mine = await riley.api.hold(id);
    expect(mine).toMatchObject({ kind: 'mine', hold: { holder: { name: 'Riley Reviewer' } } });
    const held = await alex.api.hold(id);
    expect(held).toMatchObject({ kind: 'held', hold: { holder: { name: 'Riley Reviewer' } } });
    const taken = await alex.api.hold(id, true);
    expect(taken).toMatchObject({ kind: 'mine', hold: { holder: { name: 'Alex Admin' } } });
    expect((await riley.api.history(id)).takeOvers).toHaveLength(1);

    await alex.api.release(id);
    expect((await riley.api.listHolds()).holds).toEqual([]);
    // Anything but someone else's hold is an error to show: here an unknown request.
    await expect(riley.api.hold(crypto.randomUUID())).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 404,
    );
  });
});
