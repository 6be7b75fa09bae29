import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: it can render a navigation at once (`flushSync`), which the review
// asks for when it moves to the next document.
import { RouterProvider } from 'react-router/dom';
import { SessionSchema } from '../contract/session.ts';
import { cameRendered, takePageSession, whenParsed } from './first-visit/page-session.ts';
import { whenSettled } from './first-visit/first-render.ts';
import { followHeldClicks } from './first-visit/held-clicks.ts';
import { releaseHeldKeys } from './first-visit/held-keys.ts';
import { keepServedFirstPage, servedFirstPageSettled } from './pdf/first-page.ts';
import { queryClient } from './query-client.ts';
import { knowSignedIn, knowSignedOut } from './session.queries.ts';
import { createRouter } from './router.tsx';
import { Toasts } from './ui/toasts.tsx';
import './ui/tokens.css';
import './ui/base.css';

// The app's steps to its first render, for `npm run bench` to say where a takeover's time
// goes (ADR 031): its modules evaluated, its router made, its first screen's data in.
performance.mark('attest:evaluated');

// The page's first script may run this entry before the page's body has come (a review on a
// fast link, first-screen.ts): its modules are evaluated by now, what follows needs the body.
whenParsed(() => {
  // The session the page came with (ADR 017): the first screen's loaders need not ask for it.
  // Or none (ADR 034): then the sign-in page need not ask either.
  const carried = takePageSession();
  const served = SessionSchema.safeParse(carried);
  if (served.success) knowSignedIn(queryClient, served.data);
  else if (carried === null) knowSignedOut();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const render = (router: ReturnType<typeof createRouter>) =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Toasts />
        </QueryClientProvider>
      </StrictMode>,
    );
  // A page that came with its first screen (ADR 025) keeps it until the app's own render
  // shows the same, so that it never gives way to a loading state: React's first render
  // replaces what the root holds.
  keepServedFirstPage();
  if (cameRendered()) {
    // The router starts the screen's loaders, pdf.js's among them: after the first page's image.
    void servedFirstPageSettled().then(() => {
      const router = createRouter();
      performance.mark('attest:router');
      // A link clicked on the served screen opens here, in the app, not in a second page load.
      followHeldClicks((href) => void router.navigate(href));
      return whenSettled(router, queryClient).then(() => {
        performance.mark('attest:settled');
        render(router);
        // Keys pressed meanwhile go to the screen once it listens for them (use-queue-keys.ts);
        // a screen that never does (an error, another route) lets them go after a while.
        setTimeout(releaseHeldKeys, 2_000);
      });
    });
  } else {
    render(createRouter());
  }
});
