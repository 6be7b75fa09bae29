import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.ts';
import { generateWebhookSecret, readGatewayEnv } from './gateway/env.ts';
import { startGateway } from './gateway/server.ts';
import { runService } from './service/main.ts';

// `npm start`: the console (gateway + built app) on PORT in front of the reference service
// on SERVICE_PORT, or in front of ATTEST_UPSTREAM (then no embedded service starts).

const root = fileURLToPath(new URL('..', import.meta.url));

async function main() {
  const env = readGatewayEnv();
  // The e2e run builds once before it starts; everyone else gets a build when it is stale.
  if (process.env.ATTEST_SKIP_BUILD !== '1') await buildIfNeeded(root, env.distDir);

  let upstream = env.upstream;
  let secrets = env.webhookSecrets;
  const closers: (() => Promise<void>)[] = [];
  if (!upstream) {
    // The embedded service posts its webhooks to this gateway, signed with a secret the two
    // share: generated per start unless ATTEST_WEBHOOK_SECRET names one.
    if (secrets.length === 0) secrets = [generateWebhookSecret()];
    const service = await runService({
      webhook: { url: `http://${env.host}:${env.port}/webhooks/{owner}`, secrets },
    });
    upstream = service.url;
    closers.push(() => service.close());
  }
  const gateway = await startGateway({
    port: env.port,
    host: env.host,
    upstream,
    dataDir: env.dataDir,
    webhookSecrets: secrets,
    distDir: env.distDir,
    trustProxy: env.trustProxy,
  });
  closers.unshift(() => gateway.close());
  console.log(`\nAttest console: ${gateway.url}  (upstream: ${upstream})`);

  const stop = () => {
    void Promise.allSettled(closers.map((close) => close())).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
