import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  suggestedCheck,
  type Check,
  type CheckedItem,
  type CheckResult,
} from '../../contract/checks.ts';
import { QcRequestListSchema, type QcRequest } from '../../contract/qc.ts';
import type { GatewayContext } from '../context.ts';
import type { Feed } from '../events/event-log.ts';
import { feedOf } from '../reviews/reviews.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { fetchDocument } from '../upstream/document-fetch.ts';
import { upstreamRequest } from '../upstream/qc-request-upstream.ts';
import { upstreamGet } from '../upstream/upstream-get.ts';
import { upstreamUser } from '../upstream/user-upstream.ts';
import { MAX_PDF_BYTES } from '../first-visit/page-image-job.ts';
import type { DocumentRead, Judgements } from './document-read.ts';
import { verifyPdfSignatures, type SignatureReport } from './pdf-signatures.ts';
import { documentReader, type DocumentReader } from './reader.ts';
import { alterations, type CheckFacts, type Judgement } from './rules/index.ts';
import { unsure } from './rules/judgement.ts';
import { CHECK_ATTEMPTS, type CheckStore, type LeasedCheck } from './store.ts';
import type { Checker } from './checker-port.ts';

// The machine's first read, in the background (ADR 042): requests are queued as the gateway
// learns of them (a list a reviewer is shown, a review opened, a webhook), newest first and an
// opened one first of all; one at a time is leased, its document and the people it names read
// with a session of its owner (the last one seen: the machine has no credentials of its own),
// checked, and kept. A request with no session of its owner about waits until one comes.

/**
 * Raised whenever a rule's verdict on some document can change (a rule added or changed, OCR
 * read otherwise): as a gateway starts, a pending request's result kept by an older checker
 * is read again (store.recheckOlder). 1.1: the rules as of the held-out corpora's fixes and
 * OCR without its second, inverted reading (ADR 042). 1.2: a date OCR doubted read again,
 * magnified (ocr-dates-reread.ts), and a venue's blank read as nothing marked over its field.
 */
export const CHECKER_VERSION = '1.2';
const LEASE_MS = 3 * 60_000;
const IDLE_MS = 1_000;
/**
 * What is read first: a request open in a review, then the rows on a reviewer's screen, then
 * those a webhook only made known (newest first within each): what people look at is never
 * kept waiting behind a busy service's deliveries.
 */
const PRIORITY = { noticed: 0, shown: 1, opened: 2 } as const;
/** A request the service did not answer for waits this long times its tries before the next. */
const RETRY_MS = 5_000;
const FETCH_TIMEOUT_MS = 30_000;
const SEAL_LIMIT = 4 * 1024 * 1024;
/** An owner's newest requests are listed for a webhook at most this often. */
const NOTICE_EVERY_MS = 1_000;

export type { Checker } from './checker-port.ts';

export function createChecker(
  store: CheckStore,
  context: () => GatewayContext,
  options: { reader?: DocumentReader; now: () => number; log: (message: string) => void },
): Checker {
  const reader = options.reader ?? documentReader();
  /** The last session seen of each owner, to read their requests with. */
  const sessions = new Map<string, SessionRecord>();
  const key = (feed: Feed) => `${feed.environment}\u0000${feed.owner}`;
  let stopped = false;
  let running: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  /** Trusted signers' certificates (the service's signing CA), read once per owner key. */
  const trusted = new Map<string, Promise<Uint8Array[]>>();

  const loop = async () => {
    while (!stopped) {
      const owners = [...sessions.values()].map(feedOf);
      const lease = await store.lease(owners, LEASE_MS).catch(() => undefined);
      if (!lease) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, IDLE_MS).unref();
        });
        continue;
      }
      const failed = await checkOne(lease).then(
        () => false,
        async (error: unknown) => {
          // The service did not answer for it (down, slow, a fault): it is tried again later,
          // its try counted, while the others go on; never the same failure in a loop. (A
          // session that has ended is set aside in checkOne, on the service's 401.)
          options.log(`checks: ${lease.requestId} not read now (${String(error)})`);
          await store.retryLater(lease, RETRY_MS * lease.attempts).catch(() => undefined);
          return true;
        },
      );
      if (failed) await new Promise((resolve) => setTimeout(resolve, IDLE_MS).unref());
    }
  };

  async function checkOne(lease: LeasedCheck) {
    const ctx = context();
    const session = sessions.get(key(lease));
    if (!session) return store.release(lease);
    const found = await upstreamRequest(ctx, session, lease.requestId);
    if (found.status === 401) {
      sessions.delete(key(lease));
      return store.release(lease);
    }
    if (!found.request) {
      // Gone, or never this owner's: nothing to check, and nothing to try again.
      const result = resultOf(lease.requestId, [], options.now());
      await store.record(lease, '', result);
      return;
    }
    const request = found.request;
    const settings = await ctx.management.settingsNamed(lease, request.processName);
    const binding = settings?.checks;
    const bound = request.checklistItems.flatMap((item) => {
      const check = binding ? binding[item.displayName] : suggestedCheck(item.displayName);
      return check ? [{ item, check }] : [];
    });
    const facts = await factsOf(ctx, session, request);
    let judged: (check: Check) => Judgement;
    let document = request.document.id;
    try {
      if (lease.attempts > CHECK_ATTEMPTS) {
        throw new Error(`the reader stopped on it ${CHECK_ATTEMPTS} times`);
      }
      const pdf = await fetchDocument(ctx, request.fileUrl, {
        limit: MAX_PDF_BYTES,
        timeoutMs: FETCH_TIMEOUT_MS,
      });
      document = `${request.document.id}:${createHash('sha256').update(pdf).digest('hex').slice(0, 16)}`;
      const report = await verifyPdfSignatures(pdf, await trustedFor(ctx, session)).catch(
        () => undefined,
      );
      const { read, judged: inThread } = await reader.judge(pdf.slice(), facts.seal, facts.facts);
      judged = judgeAll(read, inThread, report);
    } catch (error) {
      const why = String((error as Error).message ?? error).slice(0, 160);
      judged = () => unsure(`the document could not be read: ${why}`);
    }
    const items: CheckedItem[] = bound.map(({ item, check }) => ({
      itemId: item.id,
      itemName: item.displayName,
      check,
      ...judged(check),
    }));
    await store.record(lease, document, resultOf(request.id, items, options.now()));
  }

  function judgeAll(
    read: DocumentRead,
    inThread: Judgements | undefined,
    report: SignatureReport | undefined,
  ) {
    if (read.pages.length < read.pageCount || !inThread) {
      const why = `the document has ${read.pageCount} pages, more than the machine reads (${read.pages.length || 'none read'})`;
      return () => unsure(why);
    }
    const all = { ...inThread, 'no-alterations': alterations(report, read) };
    return (check: Check) => all[check];
  }

  async function factsOf(ctx: GatewayContext, session: SessionRecord, request: QcRequest) {
    const person = async (role: string) => {
      const actor = request.actors.find((a) => a.roleId === role);
      if (!actor) return undefined;
      const got = await upstreamUser(ctx, session, actor.userId).catch(() => undefined);
      return got?.user
        ? { userId: actor.userId, name: got.user.displayName, user: got.user }
        : undefined;
    };
    const signer = await person('affiant');
    const notary = await person(ctx.notaryRole);
    let seal: Uint8Array | undefined;
    const sealUrl = notary?.user.notarySealImageUrl;
    if (sealUrl) {
      const options = { limit: SEAL_LIMIT, timeoutMs: FETCH_TIMEOUT_MS };
      seal = await fetchDocument(ctx, sealUrl, options).catch(() => undefined);
    }
    const templates = request.document.templates;
    const facts: CheckFacts = {
      matterReference: request.document.matterReference,
      ...(request.document.signedOn && { signedOn: request.document.signedOn.slice(0, 10) }),
      today: new Date(options.now()).toISOString().slice(0, 10),
      ...(signer && { signer: { userId: signer.userId, name: signer.name } }),
      ...(notary && {
        notary: { userId: notary.userId, name: notary.name, sealOnFile: seal !== undefined },
      }),
      signatureRequired: templates.length === 0 || templates.some((t) => t.signatureRequired),
      notaryRequired: templates.some((t) => t.notaryRequired) || notary !== undefined,
    };
    return { facts, seal };
  }

  async function trustedFor(ctx: GatewayContext, session: SessionRecord): Promise<Uint8Array[]> {
    const k = session.environment;
    let got = trusted.get(k);
    if (!got) {
      got = (async () => {
        const response = await upstreamGet(ctx, session, '/sandbox/v1/signing-ca').catch(
          () => undefined,
        );
        if (!response?.ok) {
          await response?.body?.cancel().catch(() => undefined);
          return [];
        }
        return pemCertificates(await response.text());
      })();
      trusted.set(k, got);
      // A service without the route is asked again later, not never.
      void got.then(
        (certs) => certs.length === 0 && setTimeout(() => trusted.delete(k), 60_000).unref(),
      );
    }
    return got;
  }

  /** Each owner's ask for its newest pending requests under way, and whether to ask again. */
  const noticing = new Map<string, { again: boolean; done: Promise<void> }>();
  const listNewest = async (feed: Feed) => {
    const session = sessions.get(key(feed));
    if (!session) return;
    const query = new URLSearchParams({
      owner: feed.owner,
      status: 'pending',
      limit: '25',
      orderDirection: 'desc',
    });
    const response = await upstreamGet(context(), session, `/qc/v2/qc/requests?${query}`).catch(
      () => undefined,
    );
    if (!response?.ok) {
      await response?.body?.cancel().catch(() => undefined);
      return;
    }
    const list = QcRequestListSchema.safeParse(await response.json().catch(() => undefined));
    if (list.success)
      await store.want(
        feed,
        list.data.qcRequests.map((r) => r.id),
        PRIORITY.noticed,
      );
    wake?.();
  };

  return {
    summaries: store.summaries,
    result: store.result,
    results: store.results,
    /** Queues `ids` for checking with `session`, the reader of its owner's requests. */
    async want(session: SessionRecord, ids: readonly string[], opened = false) {
      sessions.set(key(feedOf(session)), session);
      await store.want(feedOf(session), ids, opened ? PRIORITY.opened : PRIORITY.shown);
      wake?.();
    },
    /**
     * A webhook from the owner's service: something new was signed. The spec's deliveries
     * name files, not QC requests, so the newest pending requests are listed and queued
     * (with the owner's session the checker holds; with none, the next list queues them).
     * A burst of webhooks is one list under way and one after it at most, a second apart, not
     * one each (a burst of 500 deliveries made 500 lists of 25 from the service, and 500
     * writes, and held every reviewer's answers for seconds).
     */
    noticeOwner(feed: Feed) {
      const k = key(feed);
      const under = noticing.get(k);
      if (under) {
        under.again = true;
        return under.done;
      }
      const entry = { again: false, done: Promise.resolve() };
      entry.done = (async () => {
        try {
          do {
            entry.again = false;
            const started = Date.now();
            await listNewest(feed);
            if (entry.again) await sleep(NOTICE_EVERY_MS - (Date.now() - started));
          } while (entry.again && !stopped);
        } finally {
          noticing.delete(k);
        }
      })();
      noticing.set(k, entry);
      return entry.done;
    },
    /** A session ended: it reads nothing more. */
    forget(session: SessionRecord) {
      const k = key(feedOf(session));
      if (sessions.get(k)?.idHash === session.idHash) sessions.delete(k);
    },
    start() {
      running ??= store
        .recheckOlder(CHECKER_VERSION)
        .then(
          (marked) => {
            if (marked > 0) options.log(`checks: ${marked} kept by an older checker to read again`);
          },
          // The database away as the gateway starts: they are marked at the next start.
          (error: unknown) =>
            options.log(`checks: older results not marked to read again (${String(error)})`),
        )
        .then(loop);
    },
    async stop() {
      stopped = true;
      wake?.();
      await running;
      await reader.close();
    },
  };
}

const resultOf = (requestId: string, items: CheckedItem[], now: number): CheckResult => ({
  requestId,
  checkedOn: new Date(now).toISOString(),
  checker: { version: CHECKER_VERSION },
  items,
});

function pemCertificates(pem: string): Uint8Array[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) =>
    Uint8Array.from(
      Buffer.from(block.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''), 'base64'),
    ),
  );
}
