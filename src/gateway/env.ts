import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import '../contract/zod-messages.ts';
import { z } from '../contract/zod.ts';
import { WebhookSecretListSchema } from '../contract/webhooks.ts';

// An empty variable (`ATTEST_UPSTREAM=` in a shell or .env) means unset.
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(schema),
  );

// The only place the gateway reads process.env: parsed once at start-up, so a bad value
// fails loudly before anything listens.
const GatewayEnvSchema = z.object({
  PORT: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(65535))), 8080),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  // A real deployment's base URL; unset means the embedded reference service (src/main.ts).
  ATTEST_UPSTREAM: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  ATTEST_DATA_DIR: z._default(z.string().check(z.minLength(1)), '.attest'),
  // The same variable the service signs with: several secrets, space-separated (rotation).
  ATTEST_WEBHOOK_SECRET: optional(WebhookSecretListSchema),
  ATTEST_DIST_DIR: z._default(z.string().check(z.minLength(1)), 'dist'),
  // Behind a TLS-terminating proxy the gateway sees plain HTTP; only then may it believe
  // X-Forwarded-Proto/-Host (a browser could send them too, so never by default).
  ATTEST_TRUST_PROXY: optional(z.enum(['true', 'false', '1', '0'])),
});

export interface GatewayEnv {
  port: number;
  host: string;
  /** Without a trailing slash; undefined when the embedded service is the upstream. */
  upstream: string | undefined;
  dataDir: string;
  webhookSecrets: string[];
  distDir: string;
  trustProxy: boolean;
}

export function readGatewayEnv(env: NodeJS.ProcessEnv = process.env): GatewayEnv {
  const parsed = GatewayEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid environment for the gateway:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    upstream: e.ATTEST_UPSTREAM?.replace(/\/+$/, ''),
    dataDir: resolve(e.ATTEST_DATA_DIR),
    webhookSecrets: e.ATTEST_WEBHOOK_SECRET ?? [],
    distDir: resolve(e.ATTEST_DIST_DIR),
    trustProxy: e.ATTEST_TRUST_PROXY === 'true' || e.ATTEST_TRUST_PROXY === '1',
  };
}

/** A fresh `whsec_` secret, for when the gateway registers itself with the embedded service. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
