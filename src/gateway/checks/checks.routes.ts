import { Hono } from 'hono';
import {
  CHECK_SUMMARY_IDS_MAX,
  type CheckSummary,
  type MachineCard,
} from '../../contract/checks.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { noStore } from '../http/answers.ts';
import { parseRange } from '../reviews/decisions-csv.ts';
import { feedOf, isQcManager, isQcReader } from '../reviews/reviews.ts';
import { reportCard } from './report-card.ts';
import { requireSession } from '../session/session-auth.ts';
import { fetchDocument } from '../upstream/document-fetch.ts';
import { upstreamRequest, UUID } from '../upstream/qc-request-upstream.ts';
import { upstreamUser } from '../upstream/user-upstream.ts';

// The machine's verdicts, for QC readers (ADR 042). Asking for a request's is what queues it:
// the queue asks for the rows it shows, the review for the request it opens (first of all).

/** Requests the service said were an owner's, remembered per process at most this many. */
const OWNED_KEPT = 10_000;

export function checkRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  // A request's owner never changes: once the service said a request is the session owner's,
  // a review waiting for its verdicts asks again without asking the service each time.
  const owned = new Set<string>();
  const ownedKey = (feed: { environment: string; owner: string }, id: string) =>
    `${feed.environment}\n${feed.owner}\n${id}`;
  const remember = (key: string) => {
    owned.add(key);
    if (owned.size > OWNED_KEPT) owned.delete(owned.values().next().value as string);
  };
  routes.use('/team/checks', requireSession(ctx));
  routes.use('/team/checks-report', requireSession(ctx));
  routes.use('/team/checks/*', requireSession(ctx));
  routes.use('/team/checks*', async (c, next) => {
    if (!isQcReader(ctx, c.get('session'))) {
      return errorResponse(c, 403, "the machine's checks are for QC reviewers and managers");
    }
    await next();
  });

  routes.get('/team/checks', async (c) => {
    const ids = (c.req.query('ids') ?? '').split(',').filter(Boolean);
    if (
      ids.length === 0 ||
      ids.length > CHECK_SUMMARY_IDS_MAX ||
      !ids.every((id) => UUID.test(id))
    ) {
      return errorResponse(
        c,
        400,
        `ids: 1 to ${CHECK_SUMMARY_IDS_MAX} QC request ids, comma-separated`,
      );
    }
    const session = c.get('session');
    const lower = ids.map((id) => id.toLowerCase());
    const known = await ctx.checks.summaries(feedOf(session), lower);
    // Those not read yet are queued, or raised to the rows on a screen where a webhook queued
    // them; the service answers for whose they are when read.
    const unread = lower.filter((id) => known.get(id)?.state !== 'checked');
    if (unread.length) await ctx.checks.want(session, unread);
    // `opened`: one of them is open in a review, and is read first of all.
    const opened = c.req.query('opened')?.toLowerCase();
    if (opened && lower.includes(opened) && known.get(opened)?.state !== 'checked') {
      await ctx.checks.want(session, [opened], true);
    }
    const summaries: CheckSummary[] = lower.map(
      (id) => known.get(id) ?? { requestId: id, state: 'waiting', failed: 0, unsure: 0, passed: 0 },
    );
    return noStore(c, { summaries });
  });

  routes.get('/team/checks/:id', async (c) => {
    const id = c.req.param('id').toLowerCase();
    if (!UUID.test(id)) return errorResponse(c, 404, 'no such QC request');
    const session = c.get('session');
    // Results are kept per owner (the service said whose the request was when it was read):
    // one kept for this owner is answered as it is, without asking the service again.
    const feed = feedOf(session);
    const kept = await ctx.checks.result(feed, id);
    if (kept) return noStore(c, kept);
    // The service says whether the request is this owner's: another owner's is its 404.
    const key = ownedKey(feed, id);
    if (!owned.has(key)) {
      const found = await upstreamRequest(ctx, session, id);
      if (found.status !== 200) {
        return errorResponse(
          c,
          found.status === 404 ? 404 : 502,
          found.status === 404 ? 'no such QC request' : 'the service could not be asked',
        );
      }
      remember(key);
    }
    await ctx.checks.want(session, [id], true);
    return errorResponse(c, 404, 'not checked yet: the machine is reading it now');
  });
  // The machine's report card: the days' decisions against its verdicts (QC managers).
  routes.get('/team/checks-report', async (c) => {
    const session = c.get('session');
    if (!isQcManager(ctx, session))
      return errorResponse(c, 403, "the machine's report card is for QC managers");
    const range = parseRange(c.req.query('from'), c.req.query('to'));
    if ('error' in range) return errorResponse(c, 400, range.error);
    const feed = feedOf(session);
    const decisions = await ctx.decisions.between(feed, range.from, range.to);
    const results = await ctx.checks.results(feed, [...new Set(decisions.map((d) => d.requestId))]);
    const card: MachineCard = {
      from: c.req.query('from') ?? '',
      to: c.req.query('to') ?? '',
      rows: reportCard(decisions, results),
    };
    return noStore(c, card);
  });

  // The image on file the review shows beside the page ("On the page | On file"): read here
  // with the session, so the browser needs no storage URL, and only for a request of its owner.
  routes.get('/team/checks/:id/on-file/:image', async (c) => {
    const id = c.req.param('id').toLowerCase();
    const image = c.req.param('image');
    if (!UUID.test(id) || (image !== 'notarySeal' && image !== 'signature')) {
      return errorResponse(c, 404, 'no such image');
    }
    const session = c.get('session');
    const found = await upstreamRequest(ctx, session, id);
    if (!found.request)
      return errorResponse(c, found.status === 404 ? 404 : 502, 'no such QC request');
    const role = image === 'notarySeal' ? ctx.notaryRole : 'affiant';
    const actor = found.request.actors.find((a) => a.roleId === role);
    const user = actor && (await upstreamUser(ctx, session, actor.userId)).user;
    const url = image === 'notarySeal' ? user?.notarySealImageUrl : user?.signatureImageUrl;
    if (!url)
      return errorResponse(c, 404, `no ${image === 'notarySeal' ? 'seal' : 'signature'} on file`);
    try {
      const bytes = await fetchDocument(ctx, url, { limit: ON_FILE_LIMIT, timeoutMs: 15_000 });
      const type = imageType(bytes);
      if (!type) return errorResponse(c, 422, 'the image on file is neither a PNG nor a JPEG');
      c.header('Cache-Control', 'private, max-age=300');
      c.header('Content-Type', type);
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(bytes as Uint8Array<ArrayBuffer>);
    } catch {
      return errorResponse(c, 502, 'the image on file could not be fetched');
    }
  });
  return routes;
}

const ON_FILE_LIMIT = 4 * 1024 * 1024;

/** A PNG or a JPEG, by its first bytes: nothing else is shown as an image. */
function imageType(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}
