import { resolve } from 'node:path';
import '../shared/zod-messages.ts';
import { z } from '../contract/zod.ts';
import { WebhookOwnerSecretsSchema, WebhookSecretListSchema } from '../contract/webhooks.ts';
import type { WebhookConfig } from './events/delivery.ts';

// An empty variable (`ATTEST_WEBHOOK_URL=` in a shell or .env) means unset.
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(schema),
  );

// The only place the service reads process.env: parsed once at start-up, so a bad value
// fails loudly before anything listens.
const ServiceEnvSchema = z
  .object({
    SERVICE_PORT: z._default(
      z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(65535))),
      8090,
    ),
    SERVICE_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
    // Spec-strict (ADR 016): a stand-in for a real deployment; `--strict` says the same.
    ATTEST_STRICT: optional(z.enum(['true', 'false', '1', '0'])),
    // A strict service's storage origin (presigned URLs); 0 or unset picks a free port.
    SERVICE_STORAGE_PORT: z._default(
      z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(65535))),
      0,
    ),
    ATTEST_DATA_DIR: z._default(z.string().check(z.minLength(1)), '.attest'),
    // The base URL the service names itself by (token `iss`, scopes, presigned URLs); by
    // default http://<host>:<port>. Its host is also one the service answers at (ADR 012).
    ATTEST_SERVICE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    // The one webhook endpoint (the spec registers endpoints out of band; docs/design.md).
    ATTEST_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
    // Several secrets, space-separated, sign every delivery once each (rotation): the same
    // secrets for every owner.
    ATTEST_WEBHOOK_SECRET: optional(WebhookSecretListSchema),
    // Or each owner its own: `acme=whsec_… globex=whsec_…` (an owner named twice: rotation).
    ATTEST_WEBHOOK_SECRETS: optional(WebhookOwnerSecretsSchema),
  })
  .check(
    z.refine((e) => !e.ATTEST_WEBHOOK_URL || e.ATTEST_WEBHOOK_SECRET || e.ATTEST_WEBHOOK_SECRETS, {
      error:
        'ATTEST_WEBHOOK_URL is set, so ATTEST_WEBHOOK_SECRET or ATTEST_WEBHOOK_SECRETS must hold its signing secret(s)',
      path: ['ATTEST_WEBHOOK_SECRET'],
      when: (payload) => payload.issues.length === 0,
    }),
    z.refine((e) => !(e.ATTEST_WEBHOOK_SECRET && e.ATTEST_WEBHOOK_SECRETS), {
      error:
        'set ATTEST_WEBHOOK_SECRET (every owner) or ATTEST_WEBHOOK_SECRETS (per owner), not both',
      path: ['ATTEST_WEBHOOK_SECRETS'],
      when: (payload) => payload.issues.length === 0,
    }),
  );

export interface ServiceEnv {
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string | undefined;
  strict: boolean;
  storagePort: number;
  /** null: no endpoint configured, so events stay pending in the outbox. */
  webhook: WebhookConfig | null;
}

export function readServiceEnv(env: NodeJS.ProcessEnv = process.env): ServiceEnv {
  const parsed = ServiceEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid environment for the service:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  return {
    port: e.SERVICE_PORT,
    host: e.SERVICE_HOST,
    dataDir: resolve(e.ATTEST_DATA_DIR),
    publicUrl: e.ATTEST_SERVICE_URL?.replace(/\/+$/, ''),
    strict: e.ATTEST_STRICT === 'true' || e.ATTEST_STRICT === '1',
    storagePort: e.SERVICE_STORAGE_PORT,
    webhook: e.ATTEST_WEBHOOK_URL
      ? {
          url: e.ATTEST_WEBHOOK_URL,
          secrets: e.ATTEST_WEBHOOK_SECRETS ?? e.ATTEST_WEBHOOK_SECRET ?? [],
        }
      : null,
  };
}
