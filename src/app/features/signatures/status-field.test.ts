import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SignatureRequest } from '../../../contract/signatures.ts';
import { signatureQueries } from './signatures.queries.ts';
import { rowsCarryStatus, statusToAsk } from './status-field.ts';
import { SPEC_REQUEST } from '../../testing/signatures.ts';

// ADR 016: `status` and the list's `status` filter are the reference service's. Against a
// deployment without them the console must not filter (it would be ignored, and every request
// would be listed under a tab's name).

const row = (status?: SignatureRequest['status']): SignatureRequest => ({
  ...SPEC_REQUEST,
  ...(status && { status }),
});

describe('telling from a page whether the deployment sends status', () => {
  it('needs rows to tell, and every row to carry it', () => {
    expect(rowsCarryStatus([])).toBeUndefined();
    expect(rowsCarryStatus([row('pending'), row('completed')])).toBe(true);
    expect(rowsCarryStatus([row(), row()])).toBe(false);
    expect(rowsCarryStatus([row('pending'), row()])).toBe(false);
  });

  it('asks for a status only once the deployment is known to send one', () => {
    expect(statusToAsk('completed', true)).toBe('completed');
    expect(statusToAsk(undefined, true)).toBeUndefined();
    for (const unknown of [false, null, undefined])
      expect(statusToAsk('completed', unknown)).toBe(undefined);
  });
});

describe('the tab counts', () => {
  it('ask nothing of a deployment known not to send status', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(signatureQueries.statusField().queryKey, false);
    // No service here: a request would fail the query rather than answer null.
    await expect(client.fetchQuery(signatureQueries.counts())).resolves.toBeNull();
  });
});
