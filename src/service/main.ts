import '../shared/runtime-settings.ts';
import { pathToFileURL } from 'node:url';
import { DEMO_CLIENTS } from './seed/demo-clients.ts';
import { readServiceEnv } from './env.ts';
import { STRICT_PROFILE } from './profile.ts';
import { startService, type RunningService } from './server.ts';
import type { WebhookConfig } from './events/delivery.ts';
import { isPerOwner, type WebhookSecrets } from '../contract/webhooks.ts';

/** "2 signing secrets for every owner" or "signing secrets per owner: acme 1, globex 2". */
function describeSecrets(secrets: WebhookSecrets): string {
  const plural = (n: number) => `${n} signing secret${n === 1 ? '' : 's'}`;
  if (!isPerOwner(secrets)) return `${plural(secrets.length)} for every owner`;
  const owners = [...secrets].map(([owner, list]) => `${owner} ${list.length}`);
  return `signing secrets per owner: ${owners.join(', ')}`;
}

/**
 * The console's settings for a strict service, as a real deployment's would be set: the
 * claim names it issues and its storage origin. The owner comes from the token's claim; a
 * deployment whose tokens carry none sets ATTEST_OWNER as well.
 */
export function gatewaySettingsFor(service: RunningService): Record<string, string> {
  const claims = STRICT_PROFILE.claims;
  return {
    ATTEST_UPSTREAM: service.url,
    ATTEST_CLAIM_OWNER: claims.owner,
    ATTEST_CLAIM_USER: claims.user,
    ATTEST_CLAIM_PERMISSIONS: claims.permissions,
    ATTEST_STORAGE_ORIGINS: new URL(service.storageUrl).origin,
  };
}

function describeStrict(service: RunningService): string[] {
  const settings = Object.entries(gatewaySettingsFor(service)).map(
    ([name, value]) => `    ${name}=${value} \\`,
  );
  return [
    `  spec-strict: only the spec's fields, no sandbox routes, storage at ${service.storageUrl}`,
    '  the console in front of it, as in front of a real deployment (docs/deploying.md):',
    ...settings,
    '    ATTEST_WEBHOOK_SECRET=<the secret this service signs with> npm start',
  ];
}

/**
 * Starts the reference service from the environment and prints how to use it. `npm start`
 * passes the webhook endpoint of its own gateway when the environment names none.
 */
export async function runService(
  defaults: { webhook?: WebhookConfig; strict?: boolean } = {},
): Promise<RunningService> {
  const read = readServiceEnv();
  const env = { ...read, webhook: read.webhook ?? defaults.webhook ?? null };
  const strict = env.strict || defaults.strict === true;
  const service = await startService({
    port: env.port,
    host: env.host,
    dataDir: env.dataDir,
    publicUrl: env.publicUrl,
    webhook: env.webhook,
    scans: true,
    ...(strict && { profile: STRICT_PROFILE, storagePort: env.storagePort }),
  });
  const width = Math.max(...DEMO_CLIENTS.map((c) => c.clientId.length));
  console.log(
    [
      `Attest reference service: ${service.url}  (data: ${env.dataDir})`,
      `  token endpoint: POST ${service.url}/auth/v1/oauth2/token (HTTP Basic, grant_type=client_credentials)`,
      // Never the secrets: the count is enough to see that rotation is configured.
      env.webhook
        ? `  webhooks: POST ${env.webhook.url} (${describeSecrets(env.webhook.secrets)})`
        : '  webhooks: off (set ATTEST_WEBHOOK_URL and ATTEST_WEBHOOK_SECRET or ATTEST_WEBHOOK_SECRETS); events stay pending',
      ...(strict ? describeStrict(service) : []),
      '  demo logins (client id / secret):',
      ...DEMO_CLIENTS.map(
        (c) =>
          `    ${c.clientId.padEnd(width)}  ${c.clientSecret.padEnd(width + 7)}  ${c.owner.padEnd(6)}  ${c.summary}`,
      ),
    ].join('\n'),
  );
  return service;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `npm run service -- --strict`
  runService({ strict: process.argv.slice(2).includes('--strict') }).then(
    (service) => {
      const stop = () => void service.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
