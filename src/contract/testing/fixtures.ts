import { expect, it } from 'vitest';
import type { z } from '../zod.ts';

// Shared samples and helpers of the contract's tests.
export const ID = '0190b8e4-7c3f-7a1b-8e2d-0a1b2c3d4e5f';
export const ID2 = '550e8400-e29b-41d4-a716-446655440000';
export const NOW = '2024-05-01T12:00:00Z';
export const pagination = { totalCount: 1, nextCursor: '', previousCursor: '' };

/**
 * The reference service's demo clients a test signs in as (src/service/seed/demo-clients.ts):
 * the service's tests take their tokens, the gateway's fuzz tests their sessions.
 */
export const DEMO_CLIENT_IDS = [
  'acme-admin',
  'globex-admin',
  'acme-reviewer',
  'acme-notary',
  'acme-integration',
] as const;
export type DemoClientId = (typeof DEMO_CLIENT_IDS)[number];

/** A Standard Webhooks secret (`whsec_` and base64) made from `seed`. */
export const webhookSecret = (seed: string) => `whsec_${btoa(seed)}`;

/**
 * One secret per owner, as ATTEST_WEBHOOK_SECRETS gives them: acme in the middle of a
 * rotation (two secrets), globex with one. `secrets` is the map both servers take.
 */
export const OWNER_SECRETS = {
  acme: webhookSecret('acme signing key'),
  acmeNext: webhookSecret('acme key, rotating in'),
  globex: webhookSecret('globex signing key'),
};
export const ownerSecrets = () =>
  new Map([
    ['acme', [OWNER_SECRETS.acme, OWNER_SECRETS.acmeNext]],
    ['globex', [OWNER_SECRETS.globex]],
  ]);

/** The issue messages of a failed parse, or [] when it succeeds. */
export const messages = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** A list query takes `status` (one of its values) beside the list parameters, and not `other`. */
export function expectStatusFilter(schema: z.ZodMiniType, status: string, other: string) {
  expect(schema.parse({ owner: 'acme', status })).toEqual({ owner: 'acme', status });
  expect(schema.safeParse({ owner: 'acme', status: other }).success).toBe(false);
}

/** A test for each sample: `schema` accepts every one of `accepted` and none of `rejected`. */
export function parsesOnly(
  schema: z.ZodMiniType,
  accepted: readonly unknown[],
  rejected: readonly unknown[],
) {
  it.each(accepted)('accepts %j', (value) => expect(schema.safeParse(value).success).toBe(true));
  it.each(rejected)('rejects %j', (value) => expect(schema.safeParse(value).success).toBe(false));
}
