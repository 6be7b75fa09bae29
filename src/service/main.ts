import { pathToFileURL } from 'node:url';
import { DEMO_CLIENTS } from './seed/demo-clients.ts';
import { readServiceEnv } from './env.ts';
import { startService, type RunningService } from './server.ts';

/** Starts the reference service from the environment and prints how to use it. */
export async function runService(): Promise<RunningService> {
  const env = readServiceEnv();
  const service = await startService({
    port: env.port,
    host: env.host,
    dataDir: env.dataDir,
    publicUrl: env.publicUrl,
    webhook: env.webhook,
  });
  const width = Math.max(...DEMO_CLIENTS.map((c) => c.clientId.length));
  console.log(
    [
      `Attest reference service: ${service.url}  (data: ${env.dataDir})`,
      `  token endpoint: POST ${service.url}/auth/v1/oauth2/token (HTTP Basic, grant_type=client_credentials)`,
      // Never the secrets: the count is enough to see that rotation is configured.
      env.webhook
        ? `  webhooks: POST ${env.webhook.url} (${env.webhook.secrets.length} signing secret${env.webhook.secrets.length === 1 ? '' : 's'})`
        : '  webhooks: off (set ATTEST_WEBHOOK_URL and ATTEST_WEBHOOK_SECRET); events stay pending',
      '  demo logins (client id / secret):',
      ...DEMO_CLIENTS.map(
        (c) =>
          `    ${c.clientId.padEnd(width)}  ${c.clientSecret.padEnd(width + 7)}  ${c.owner.padEnd(6)}  ${c.summary}`,
      ),
    ].join('\n'),
  );
  const stop = () => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return service;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runService().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
