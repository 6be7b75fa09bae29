import { expect, type Locator, type Page } from '@playwright/test';
import { apiPost } from './support.ts';

// Entities and their ADDRESS_CHANGE deliveries, for the specs that watch events arrive.

const ADDRESS = { addressLine1: '1 Main St', city: 'Springfield', postalCode: '12345' };

export async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const response = await fetch(p);
    if (!response.ok) throw new Error(`${p}: ${response.status}`);
    return (await response.json()) as T;
  }, path);
}

/** Creates an entity with two addresses on acme's first account; answers its id and crid. */
export async function createEntity(page: Page, name: string) {
  const { accounts } = await getJson<{ accounts: { id: string; crid: string }[] }>(
    page,
    '/api/accounts/v1/accounts?owner=acme&limit=1',
  );
  const account = accounts[0];
  expect(account).toBeTruthy();
  const created = await apiPost(page, `/api/accounts/v1/accounts/${account!.id}/entities`, {
    type: 'BORROWER',
    name,
    officialAddress: ADDRESS,
    mailingAddress: ADDRESS,
  });
  expect(created.status).toBe(201);
  return { entityId: (created.body as { entityId: string }).entityId, crid: account!.crid };
}

interface Delivery {
  id: string;
  status: string;
  payload: Record<string, unknown>;
}

/** The hook-id the service gave the ADDRESS_CHANGE of an entity (sandbox outbox, admin only). */
export async function hookIdOfEntity(page: Page, entityId: string): Promise<string> {
  let id = '';
  await expect
    .poll(async () => {
      const { deliveries } = await getJson<{ deliveries: Delivery[] }>(
        page,
        '/api/sandbox/v1/deliveries?owner=acme&limit=20',
      );
      id = deliveries.find((d) => d.payload.entityId === entityId)?.id ?? '';
      return id;
    })
    .toMatch(/^msg_/);
  return id;
}

export function rowOf(page: Page, hookId: string): Locator {
  return page
    .getByRole('list', { name: 'Received events, newest first' })
    .getByRole('listitem')
    .filter({ has: page.locator('.event__hook-id', { hasText: hookId }) });
}
