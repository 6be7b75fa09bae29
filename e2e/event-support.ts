import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { AccountListSchema, EntitySchema } from '../src/contract/accounts.ts';
import { DeliveryListSchema } from '../src/contract/sandbox.ts';
import { api } from './api.ts';

// Entities and their ADDRESS_CHANGE deliveries, for the specs that watch events arrive.

const ADDRESS = { addressLine1: '1 Main St', city: 'Springfield', postalCode: '12345' };

/** Creates an entity with two addresses on the owner's first account; answers its id and crid. */
export async function createEntity(page: Page, name: string, owner = 'acme') {
  const { accounts } = await api(page).get(
    `/api/accounts/v1/accounts?owner=${owner}&limit=1`,
    AccountListSchema,
  );
  const account = accounts[0];
  expect(account).toBeTruthy();
  const created = await api(page).post(
    `/api/accounts/v1/accounts/${account!.id}/entities`,
    { type: 'BORROWER', name, officialAddress: ADDRESS, mailingAddress: ADDRESS },
    EntitySchema,
    { status: 201 },
  );
  return { entityId: created.entityId, crid: account!.crid };
}

/** The hook-id the service gave the ADDRESS_CHANGE of an entity (sandbox outbox, admin only). */
export async function hookIdOfEntity(page: Page, entityId: string): Promise<string> {
  let id = '';
  await expect
    .poll(async () => {
      const { deliveries } = await api(page).get(
        '/api/sandbox/v1/deliveries?owner=acme&limit=20',
        DeliveryListSchema,
      );
      id = deliveries.find((d) => d.payload.entityId === entityId)?.id ?? '';
      return id;
    })
    .toMatch(/^msg_/);
  return id;
}

export const VERIFIED_LIST = 'Received events, newest first';
export const REFUSED_LIST = 'Refused deliveries, newest first';

/** The row of a delivery in the verified list, or in the refused one. */
export function rowOf(page: Page, hookId: string, list = VERIFIED_LIST): Locator {
  return page
    .getByRole('list', { name: list })
    .getByRole('listitem')
    .filter({ has: page.locator('.event__hook-id', { hasText: hookId }) });
}

/** Posts a delivery whose signature cannot verify, as anyone on the network could; answers its status. */
export async function forgeDelivery(
  request: APIRequestContext,
  owner: string,
  hookId: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const response = await request.post(`/webhooks/${owner}`, {
    headers: {
      'hook-id': hookId,
      'hook-timestamp': String(Math.floor(Date.now() / 1000)),
      'hook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
      'hook-event-type': 'DOCUMENT_READY',
      'content-type': 'application/json',
    },
    data: payload,
  });
  return response.status();
}
