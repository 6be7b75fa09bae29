import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { FIRST_PAGE } from '../../client/paginate.ts';
import { QC_REQUESTS } from '../../client/qc-paths.ts';
import { qcApi } from '../../client/qc.ts';
import { createClient } from '../../client/request.ts';
import { buildUrl } from '../../client/url.ts';
import { SessionSchema, type Session } from '../../contract/session.ts';
import { Component as Queue } from '../features/qc/queue/queue.route.tsx';
import { ofStatus, qcQueries } from '../features/qc/qc.queries.ts';
import { plainPendingView, queueListQuery } from '../features/qc/queue-request.ts';
import { QUEUE_PATH, REVIEW_PATH } from '../features/qc/screens.ts';
import { ReviewFirstScreen } from '../features/qc/review/review-first-screen.tsx';
import { hasAny, sessionQueries } from '../session.queries.ts';
import { areaFor } from '../shell/nav.ts';
import { Layout } from '../shell/layout.tsx';
import { htmlAttribute as attribute } from '../../shared/html.ts';
import { earlyClicksScript } from './held-clicks.ts';
import { firstPageImagePath } from '../pdf/first-page.ts';

// The first screen of a first visit, rendered in the gateway (ADR 025): the
// gateway asks itself for the screen's data as the browser would, with the browser's own
// cookie, and puts this HTML in the page. The app asks for its data itself, as it always
// has (so whatever it is answered, it shows), and its first render replaces this HTML.
// Built apart from the app (vite.config.ts, `dist/server/`); the gateway loads it if it is
// there.

/** What the gateway asks for, and how the answer becomes the page's first screen. */
export interface Prerender {
  /** The data's path and query on the gateway, as the app itself asks for it. */
  dataUrl: string;
  /** The screen's module, from the project's root: its stylesheets go in the page. */
  module: string;
  /**
   * The screen's HTML from the data's JSON, and what of `warm` the gateway has taken on;
   * undefined if the answer is not what it reads.
   */
  render: (json: string, warmed: ReadonlySet<string>) => Promise<string | undefined>;
  /**
   * What the page will ask for next, which the gateway starts on now. The screen asks only
   * for what was taken on (`warmed`): one that a busy gateway refused the screen goes without,
   * rather than asking for it and logging the refusal in the browser's console.
   */
  warm?: string[];
  /** A script the page runs inline, first in its head (its CSP allows it by its hash). */
  headScript?: string;
}

const QUEUE_MODULE = 'src/app/features/qc/queue/queue.route.tsx';
const REVIEW_MODULE = 'src/app/features/qc/review/review.route.tsx';

/** The first screen of `path` + `search`, if the gateway renders it at all. */
export function prerender(path: string, search: string, session: unknown): Prerender | undefined {
  const parsed = SessionSchema.safeParse(session);
  // Screens of the QC area only, for someone who may read it.
  if (!parsed.success || !hasAny(parsed.data, areaFor('/qc').anyOf)) return undefined;
  if (QUEUE_PATH.test(path)) return queue(parsed.data, path, search);
  const review = REVIEW_PATH.exec(path)?.[1];
  return review ? reviewOf(parsed.data, review, path, search) : undefined;
}

/** Read from the data's JSON by the app's own client, schema and all. */
function answering(json: string) {
  const answer = () => new Response(json, { headers: { 'content-type': 'application/json' } });
  return qcApi(createClient({ fetch: () => Promise.resolve(answer()) }));
}

/** The plain pending queue (what most visits open): its first page of rows. */
function queue(session: Session, path: string, search: string): Prerender | undefined {
  const view = plainPendingView(search);
  if (!view) return undefined;
  const query = queueListQuery(session.owner, view);
  return {
    dataUrl: buildUrl('', QC_REQUESTS, query),
    headScript: earlyClicksScript(),
    module: QUEUE_MODULE,
    render: async (json) => {
      const page = await answering(json)
        .listQcRequests(query)
        .catch(() => undefined);
      if (!page) return undefined;
      const client = screenData(session);
      client.setQueryData(qcQueries.list(view).queryKey, {
        pages: [ofStatus(page, view.status)],
        pageParams: [FIRST_PAGE],
      });
      return renderScreen(client, `${path}${search}`, <Queue />);
    },
  };
}

/**
 * A review: its frame and its document's first page, drawn by the gateway
 * (`/preview/qc/{id}/first-page`), which the page asks for as soon as it has the HTML. When
 * the gateway's drawer has no place for it, the frame alone: pdf.js draws the page.
 */
function reviewOf(session: Session, segment: string, path: string, search: string) {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  const image = firstPageImagePath(id);
  return {
    dataUrl: `${QC_REQUESTS}/${encodeURIComponent(id)}`,
    headScript: earlyClicksScript(),
    module: REVIEW_MODULE,
    warm: [image],
    render: async (json: string, warmed: ReadonlySet<string>) => {
      const request = await answering(json)
        .getQcRequest(id)
        .catch(() => undefined);
      if (!request) return undefined;
      const queueHref = `/qc${search || '?'}`;
      const screen = (
        <ReviewFirstScreen
          request={request}
          {...(warmed.has(image) && { image })}
          queueHref={queueHref}
        />
      );
      // The document itself, asked for as the page arrives rather than once pdf.js has
      // started: the app opens the same URL, from the same answer (ADR 031), and pdf.js's
      // fetch takes what the preload brought.
      const preload = `<link rel="preload" as="fetch" crossorigin href="${attribute(request.fileUrl)}">`;
      return preload + renderScreen(screenData(session), `${path}${search}`, screen);
    },
  } satisfies Prerender;
}

/** A query cache of this render's own, holding the session: nothing is shared between pages. */
function screenData(session: Session): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(sessionQueries.current().queryKey, session);
  return client;
}

function renderScreen(client: QueryClient, location: string, screen: ReactNode): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={client}>
        <StaticRouter location={location}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="*" element={screen} />
            </Route>
          </Routes>
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
