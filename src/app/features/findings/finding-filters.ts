import {
  FINDING_VIEWS,
  SEVERITIES,
  type FindingQuery,
  type Severity,
} from '../../../contract/findings.ts';

// Which findings a list shows, held in the URL (`/findings/all?view=disputed&severity=critical`),
// so a view can be linked to, reloaded and gone back to. The caller's own list (`/findings`)
// takes the view only.

export type FindingView = (typeof FINDING_VIEWS)[number];

export interface FindingFilters {
  view: FindingView;
  severity?: Severity | undefined;
  /** A process by its name, as findings name it. */
  process?: string | undefined;
  firm?: string | undefined;
  /** A user id: the party responsible. */
  responsible?: string | undefined;
}

/** Work waiting first: a list opens on its open findings. */
export const DEFAULT_VIEW: FindingView = 'open';

export const VIEW_LABELS: Record<FindingView, string> = {
  open: 'Open',
  overdue: 'Overdue',
  disputed: 'Disputed',
  settled: 'Settled',
  all: 'All',
};

/** The tabs' order: what needs doing, then what is done. */
export const VIEW_ORDER: readonly FindingView[] = ['open', 'overdue', 'disputed', 'settled', 'all'];

const MAX_TEXT = 200;
const text = (value: string | null) => {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= MAX_TEXT ? trimmed : undefined;
};

/** The filters a URL names; anything unknown is left out (the default view for a view). */
export function filtersFromSearch(params: URLSearchParams): FindingFilters {
  const view = params.get('view');
  const severity = params.get('severity');
  return {
    view: (FINDING_VIEWS as readonly string[]).includes(view ?? '')
      ? (view as FindingView)
      : DEFAULT_VIEW,
    severity: (SEVERITIES as readonly string[]).includes(severity ?? '')
      ? (severity as Severity)
      : undefined,
    process: text(params.get('process')),
    firm: text(params.get('firm')),
    responsible: text(params.get('responsible')),
  };
}

/** The search string (no `?`) of filters; the default view and empty filters are left out. */
export function filtersToSearch(filters: FindingFilters): string {
  const params = new URLSearchParams();
  if (filters.view !== DEFAULT_VIEW) params.set('view', filters.view);
  for (const key of ['severity', 'process', 'firm', 'responsible'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** Whether anything but the view narrows the list. */
export const narrowed = (filters: FindingFilters) =>
  Boolean(filters.severity || filters.process || filters.firm || filters.responsible);

/** `GET /team/findings`'s query for the filters: the caller's own (`mine`) or the team's. */
export function queryOf(filters: FindingFilters, mine: boolean): FindingQuery {
  if (mine) return { mine: 'true', view: filters.view };
  const query: FindingQuery = { view: filters.view };
  if (filters.severity) query.severity = filters.severity;
  if (filters.process) query.process = filters.process;
  if (filters.firm) query.firm = filters.firm;
  if (filters.responsible) query.responsible = filters.responsible;
  return query;
}
