import { describe, expect } from 'vitest';
import { ApiError } from './api-error.ts';
import { noticesApi } from './notices.ts';
import { clientTest as it } from './testing/fixtures.ts';

// The notices calls against the real gateway in front of the real service. This gateway has
// no ATTEST_NOTICE_URL: the list says so, and there is nothing to redeliver. Lists with
// notices in them: src/gateway/notices/notices.routes.test.ts.

describe('noticesApi', () => {
  it('lists no notices where none are configured, for QC managers only', async ({ signIn }) => {
    const alex = await signIn('acme-admin', noticesApi);
    expect(await alex.api.listNotices({ limit: 10 })).toEqual({
      configured: false,
      endpoint: null,
      notices: [],
    });
    await expect(alex.api.redeliverNotice('msg_unknown')).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 404,
    );
    const riley = await signIn('acme-reviewer', noticesApi);
    await expect(riley.api.listNotices()).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 403,
    );
  });
});
