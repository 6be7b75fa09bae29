import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { onFindingChange, onStreamUp } from '../../shell/live-events.ts';
import { registerNavBadge } from '../../shell/nav-badges.ts';
import { areaFor } from '../../shell/nav.ts';
import { findingsMissed } from './finding-cache.ts';
import { applyFindingChange } from './live.ts';
import { FindingsNavBadge } from './nav-badge.tsx';

// A finding's news (ADR 029) reaches every screen showing it, and its person, as it happens;
// "My findings" says how many are waiting.
onFindingChange(applyFindingChange);
onStreamUp(findingsMissed);
registerNavBadge('/findings', FindingsNavBadge);

// The findings' routes, spread into the app's router. `findings/all` is a static path, which
// outranks `:findingId`. A finding's page is anyone's who may see it: the gateway answers 404
// for one they may not.
export const findingsRoutes: RouteObject[] = [
  {
    path: 'findings',
    loader: requireArea(areaFor('/findings').anyOf),
    lazy: () => import('./list/my-findings.route.tsx'),
  },
  {
    path: 'findings/all',
    loader: requireArea(areaFor('/findings/all').anyOf, { team: true }),
    lazy: () => import('./list/team-findings.route.tsx'),
  },
  {
    path: 'findings/:findingId',
    loader: requireArea([]),
    lazy: () => import('./detail/finding.route.tsx'),
  },
];
