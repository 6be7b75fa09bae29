import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebhookSecrets } from '../../contract/webhooks.ts';
import { startGateway } from '../../gateway/server.ts';
import { Browser } from '../../shared/testing/browser.ts';

export { pendingRequests, signedIn } from '../../shared/testing/browser.ts';

// The client's harness: the real gateway in front of a reference service, as the app's
// client meets it, and browsers signed in to it. The gateway's own harness
// (src/gateway/testing/) is for the gateway's tests: clocks, intercepts, logs.

export interface ClientGateway {
  url: string;
  /** A browser of its own on the gateway, signed in to nothing yet. */
  browser(): Browser;
  close(): Promise<void>;
}

/** The gateway on `upstream`, its state in memory, with an app of one page. */
export async function startClientGateway(
  upstream: string,
  options: { webhookSecrets?: WebhookSecrets } = {},
): Promise<ClientGateway> {
  const distDir = mkdtempSync(join(tmpdir(), 'attest-client-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Attest</title>');
  const gateway = await startGateway({
    upstream,
    dataDir: null,
    distDir,
    webhookSecrets: options.webhookSecrets ?? [],
    log: () => undefined,
  });
  return {
    url: gateway.url,
    browser: () => new Browser(gateway.url, gateway.url),
    async close() {
      await gateway.close();
      rmSync(distDir, { recursive: true, force: true });
    },
  };
}
