import './shared/runtime-settings.ts';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.ts';
import { generateWebhookSecret, readGatewayEnv } from './gateway/env.ts';
import { localUrl } from './gateway/http/host-allow-list.ts';
import { startGateway } from './gateway/server.ts';
import { lowerGarbageHelpers } from './gateway/thread-priority.ts';
import { readDemoOwner, writeDemoHistory } from './gateway/demo/demo-history.ts';
import { openGatewayDatabase } from './gateway/db/open.ts';
import { createMailStore } from './gateway/mail/store.ts';
import type { GatewayEnv } from './gateway/env.ts';
import { hasSecrets } from './contract/webhooks.ts';
import { gatewaySettingsFor, runService } from './service/main.ts';
import { DEMO_CLIENTS } from './service/seed/demo-clients.ts';
import { demoRegions } from './service/seed/demo-regions.ts';
import type { ServiceContext } from './service/context.ts';
import { setDemoEpoch } from './service/seed/ids.ts';

// `npm start`: the console (gateway + built app) on PORT in front of the reference service
// on SERVICE_PORT (spec-strict with ATTEST_STRICT=1), or in front of ATTEST_UPSTREAM (then no
// embedded service starts).

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The embedded demo service's decisions, recorded in the gateway's history with settings
 * and second reviews (gateway/demo/demo-history.ts), once per data folder. Read through the
 * service's API with each owner's admin login; the gateway opens its store after this.
 */
async function seedDemoHistory(serviceUrl: string, env: GatewayEnv, ctx: ServiceContext) {
  const db = await openGatewayDatabase({
    dataDir: env.dataDir,
    url: env.database?.url,
    log: (message) => console.error(message),
  });
  try {
    for (const login of DEMO_CLIENTS.filter((c) => c.clientId.endsWith('-admin') && c.user)) {
      const read = await readDemoOwner(serviceUrl, login);
      const admin = { id: [...read.names].find(([, name]) => name === login.user)?.[0] ?? '' };
      await writeDemoHistory(db.sql, {
        feed: { environment: 'production', owner: login.owner },
        ...read,
        ...(admin.id && { admin: { id: admin.id, name: login.user ?? '' } }),
        // A seeded rejection is marked where its document shows the defect.
        regionsOf: (request, itemName) => demoRegions(ctx, request.document.id, itemName),
        now: Date.now(),
      });
      // The owner's QC managers hear of escalations and disputes by e-mail (ADR 040) before
      // any of them has signed in here.
      const people = createMailStore(db.sql, 0, Date.now);
      for (const manager of DEMO_CLIENTS.filter(
        (c) => c.owner === login.owner && c.user && c.perms.includes('qc.manage'),
      )) {
        const id = [...read.names].find(([, name]) => name === manager.user)?.[0];
        const feed = { environment: 'production', owner: login.owner } as const;
        if (id) await people.notePerson(feed, { id, name: manager.user ?? id, manager: true });
      }
    }
  } catch (error) {
    // The console works without it: the team view is just empty.
    console.error(`no demo QC history: ${error instanceof Error ? error.message : error}`);
  } finally {
    await db.close();
  }
}

/** A login per demo owner that may read its users: each owner's admin or machine client. */
function demoMailClients() {
  const owners = new Set(DEMO_CLIENTS.map((c) => c.owner));
  return [...owners].flatMap((owner) => {
    const client = DEMO_CLIENTS.find((c) => c.owner === owner && c.perms.includes('users.manage'));
    return client ? [{ clientId: client.clientId, clientSecret: client.clientSecret }] : [];
  });
}

async function main() {
  // Before any work: the background threads' garbage is collected at their priority.
  lowerGarbageHelpers();
  const env = readGatewayEnv();
  // What a real deployment differs in (claims, scopes, storage origins); see below.
  let deployment: Pick<GatewayEnv, 'identity' | 'scopes' | 'storageOrigins'> = env;
  // The e2e run builds once before it starts; everyone else gets a build when it is stale.
  if (!env.skipBuild) await buildIfNeeded(root, env.distDir);

  let upstream = env.upstream;
  let secrets = env.webhookSecrets;
  const closers: (() => Promise<void>)[] = [];
  if (!upstream) {
    // The embedded service posts its webhooks to this gateway, each owner's signed with a
    // secret of that owner's own (generated per start unless ATTEST_WEBHOOK_SECRET(S) says),
    // so a delivery for globex never verifies at /webhooks/acme.
    if (!hasSecrets(secrets)) {
      const owners = new Set(DEMO_CLIENTS.map((client) => client.owner));
      secrets = new Map([...owners].map((owner) => [owner, [generateWebhookSecret()]]));
    }
    // A fresh data folder gets demo data dated from now: a team whose last decisions were
    // minutes ago, not one that stopped on the fixed date the tests use (ADR 003).
    setDemoEpoch(Math.floor(Date.now() / 60_000) * 60_000);
    const service = await runService({
      // The gateway's loopback URL (its own address when HOST names one): a name its Host
      // check (ADR 012) answers whatever ATTEST_PUBLIC_URL says.
      webhook: { url: `${localUrl(env.host, env.port)}/webhooks/{owner}`, secrets },
    });
    upstream = service.url;
    closers.push(() => service.close());
    // ATTEST_STRICT=1: the embedded service stands in for a real deployment (ADR 016), and
    // the gateway is set up as for one; a setting named in the environment still wins.
    if (service.ctx.profile.strict) {
      deployment = readGatewayEnv({ ...gatewaySettingsFor(service), ...process.env });
    } else {
      // The demo's QC history, in the gateway's store before the gateway opens it.
      await seedDemoHistory(service.url, env, service.ctx);
    }
  }
  const gateway = await startGateway({
    port: env.port,
    host: env.host,
    upstream,
    staging: env.staging,
    dataDir: env.dataDir,
    database: env.database,
    sessionKey: env.sessionKey,
    webhookSecrets: secrets,
    distDir: env.distDir,
    sourceMaps: env.sourceMaps,
    trustProxy: env.trustProxy,
    publicUrls: env.publicUrls,
    showDemoLogins: env.showDemoLogins,
    checksOcr: env.checksOcr,
    upstreamTimeouts: env.upstreamTimeouts,
    identity: deployment.identity,
    ...(deployment.scopes && { scopes: deployment.scopes }),
    storageOrigins: deployment.storageOrigins,
    notaryRole: env.notaryRole,
    notices: env.notices,
    // The demo reads the addresses of its people with its own logins (ADR 040).
    mail: env.mail && {
      ...env.mail,
      clients: env.mail.clients.length > 0 || env.upstream ? env.mail.clients : demoMailClients(),
    },
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
