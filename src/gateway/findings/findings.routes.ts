import { Hono, type Context } from 'hono';
import {
  FindingAnswerBodySchema,
  FindingReassignBodySchema,
  FindingSettleBodySchema,
  type Finding,
  type FindingChange,
  type FindingList,
  type Responsible,
} from '../../contract/findings.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { limitBody, noStore } from '../http/answers.ts';
import { jsonBody } from '../http/json-body.ts';
import { requireSession } from '../session/session-auth.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { feedOf, isQcManager, isQcReader, memberOf } from '../reviews/reviews.ts';
import { upstreamUser } from '../upstream/user-upstream.ts';
import { UUID } from '../upstream/qc-request-upstream.ts';
import { announceFinding } from './announce.ts';
import { findingSettings } from './creation.ts';
import { answer, reassign, settle, type Moved } from './life.ts';
import { cursorOf, readListQuery } from './query.ts';
import { createFindingStore, dueFirst, type StoredFinding } from './store.ts';

// Findings over HTTP (ADR 029). QC readers see every finding of the owner; anyone signed in
// (a notary, who reads no QC) sees the findings they are responsible for, and nothing of
// anyone else's: a finding they may not see is a 404, as another owner's is. Mounted before
// reviews.routes.ts, whose /team/* rule (QC readers only) would turn the notary away.

export function findingRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  routes.use('/team/findings', requireSession(ctx));
  routes.use('/team/findings/*', requireSession(ctx));

  const me = (session: SessionRecord) => memberOf(session).id;
  const mayRead = (session: SessionRecord, finding: Finding) =>
    isQcReader(ctx, session) || finding.responsible?.id === me(session);

  /** The finding of the path's id the session may see, or the answer to give instead. */
  const visible = async (
    c: Context<AppEnv>,
  ): Promise<{ ok: true; stored: StoredFinding } | { ok: false; response: Response }> => {
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) {
      return { ok: false, response: errorResponse(c, 400, 'a finding id is a UUID') };
    }
    const session = c.get('session');
    const stored = await ctx.findings.get(feedOf(session), id.toLowerCase());
    if (!stored || !mayRead(session, stored.finding)) {
      return { ok: false, response: errorResponse(c, 404, `no finding ${id}`) };
    }
    return { ok: true, stored };
  };

  /** Saves a step if the finding is still as it was read, tells its audience, answers it. */
  const save = async (
    c: Context<AppEnv>,
    stored: StoredFinding,
    moved: Moved,
    kind: FindingChange['kind'],
  ) => {
    if (!moved.ok) return errorResponse(c, moved.status, moved.message);
    const feed = feedOf(c.get('session'));
    const { finding } = moved;
    const publish = await ctx.findings.transaction(async (tx) => {
      const store = createFindingStore(tx);
      if (!(await store.move(feed, stored.version, finding))) return undefined;
      const formerlyResponsible = stored.finding.responsible?.id;
      return announceFinding(ctx, feed, { kind, finding }, { tx, formerlyResponsible });
    });
    if (!publish) {
      return errorResponse(c, 409, 'someone else changed this finding first: read it again');
    }
    publish();
    return noStore(c, finding);
  };

  const actor = (session: SessionRecord) => ({
    member: memberOf(session),
    manager: isQcManager(ctx, session),
    person: session.user !== null,
  });
  const now = () => new Date(ctx.now()).toISOString();

  routes.get('/team/findings', async (c) => {
    const session = c.get('session');
    const read = readListQuery(c.req.query(), me(session));
    if (!read.ok) return errorResponse(c, 400, read.message);
    const { filter, limit: size, cursor, mine } = read.request;
    if (!mine && !isQcReader(ctx, session)) {
      return errorResponse(
        c,
        403,
        "others' findings are for QC reviewers and managers: ask for your own with mine=true",
      );
    }
    const page = await ctx.findings.list(feedOf(session), filter, ctx.now(), size, cursor);
    const last = page.findings.at(-1);
    const key = (f: Finding) => Date.parse(dueFirst(filter.view) ? f.dueOn : f.raisedOn);
    const list: FindingList = {
      findings: page.findings,
      ...(page.more && last && { next: cursorOf(filter.view, { key: key(last), id: last.id }) }),
    };
    return noStore(c, list);
  });

  routes.get('/team/findings/count', async (c) => {
    const session = c.get('session');
    return noStore(c, await ctx.findings.countFor(feedOf(session), me(session), ctx.now()));
  });

  routes.get('/team/findings/:id', async (c) => {
    const found = await visible(c);
    return found.ok ? noStore(c, found.stored.finding) : found.response;
  });

  // The copy of the finding's document the gateway kept (documents.ts): for the party
  // responsible and the owner's QC managers, 404 for anyone else and while there is none.
  routes.get('/team/findings/:id/document', async (c) => {
    const found = await visible(c);
    if (!found.ok) return found.response;
    const session = c.get('session');
    const { finding } = found.stored;
    const id = c.req.param('id');
    if (finding.responsible?.id !== me(session) && !isQcManager(ctx, session)) {
      return errorResponse(c, 404, `no finding ${id}`);
    }
    const headers = (size: number) => ({
      'Content-Type': 'application/pdf',
      'Content-Length': String(size),
      'Content-Disposition': 'inline',
      'Cache-Control': 'no-store',
    });
    const none = () => errorResponse(c, 404, `no copy of finding ${id}'s document is kept`);
    // HEAD (whether there is one, for the page to choose the document or the sketch) reads
    // the size only.
    if (c.req.method === 'HEAD') {
      const size = await ctx.findings.documentSize(feedOf(session), finding.requestId);
      return size === undefined ? none() : new Response(null, { headers: headers(size) });
    }
    const content = await ctx.findings.document(feedOf(session), finding.requestId);
    if (!content) return none();
    return new Response(content as Uint8Array<ArrayBuffer>, {
      headers: headers(content.byteLength),
    });
  });

  routes.post('/team/findings/:id/answer', limitBody(16 * 1024), async (c) => {
    const found = await visible(c);
    if (!found.ok) return found.response;
    const body = await jsonBody(c, FindingAnswerBodySchema);
    if (!body.ok) return body.response;
    const { stored } = found;
    const moved = answer(stored.finding, body.data, actor(c.get('session')), now());
    return save(c, stored, moved, 'answered');
  });

  routes.post('/team/findings/:id/settle', limitBody(16 * 1024), async (c) => {
    const found = await visible(c);
    if (!found.ok) return found.response;
    const body = await jsonBody(c, FindingSettleBodySchema);
    if (!body.ok) return body.response;
    const { stored } = found;
    const feed = feedOf(c.get('session'));
    const { responseDays } = await findingSettings(ctx, feed, stored.finding.processName);
    const moved = settle(stored.finding, body.data, actor(c.get('session')), now(), responseDays);
    return save(c, stored, moved, 'settled');
  });

  routes.put('/team/findings/:id/responsible', limitBody(1024), async (c) => {
    const found = await visible(c);
    if (!found.ok) return found.response;
    const body = await jsonBody(c, FindingReassignBodySchema);
    if (!body.ok) return body.response;
    const session = c.get('session');
    const { stored } = found;
    const by = actor(session);
    // Refused before the service is asked about anyone.
    const early = reassign(stored.finding, { id: body.data.userId }, by, now());
    if (!early.ok && early.status !== 400) return errorResponse(c, early.status, early.message);
    const to = await responsibleNamed(ctx, session, stored.finding, body.data.userId);
    if ('message' in to) return errorResponse(c, to.status, to.message);
    return save(c, stored, reassign(stored.finding, to, by, now()), 'reassigned');
  });

  return routes;
}

/**
 * `userId` as a responsible party: an actor of the finding's request, or a user of the owner
 * the service confirms to the manager's session (with their name when it says it). A
 * deactivated user cannot answer anything.
 */
async function responsibleNamed(
  ctx: GatewayContext,
  session: SessionRecord,
  finding: Finding,
  userId: string,
): Promise<Responsible | { status: 400 | 404 | 502; message: string }> {
  const decisions = await ctx.decisions.forRequest(feedOf(session), finding.requestId);
  const decision = decisions.find((d) => d.decidedOn === finding.raisedOn) ?? decisions.at(-1);
  const actor = decision?.actors?.some((a) => a.userId === userId) || decision?.signedBy === userId;
  const found = await upstreamUser(ctx, session, userId);
  if (found.user) {
    if (found.user.deactivatedOn) {
      return { status: 400, message: `${found.user.displayName} is deactivated` };
    }
    return { id: found.user.id, name: found.user.displayName };
  }
  if (actor) return { id: userId };
  if (found.status >= 500) {
    return { status: 502, message: 'the service did not answer about this user' };
  }
  return { status: 404, message: `no user ${userId} of this owner` };
}
