import type { QcReport } from '../../../../contract/report.ts';
import type { ReportScope } from '../../../../client/report.ts';

// Whom the monthly QC report is of (ADR 041): the whole team, or one process, firm or notary,
// in the URL beside its period (`?reportFor=firm:<id>`), so a link names what an auditor
// asked about.

const PARAM = 'reportFor';
export const SCOPE_KINDS = ['process', 'firm', 'notary'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/** `kind:key`, or '' for the whole team. */
export type ScopeValue = string;

export function scopeFromSearch(params: URLSearchParams): ScopeValue {
  const value = params.get(PARAM) ?? '';
  const [kind] = value.split(':', 1);
  return SCOPE_KINDS.includes(kind as ScopeKind) && value.length > (kind?.length ?? 0) + 1
    ? value
    : '';
}

export function scopeSearch(params: URLSearchParams, value: ScopeValue): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(PARAM, value);
  else next.delete(PARAM);
  return next;
}

/** The report's query for a period and a scope value. */
export function reportScope(period: string, value: ScopeValue): ReportScope {
  if (!value) return { period };
  const at = value.indexOf(':');
  return { period, [value.slice(0, at)]: value.slice(at + 1) };
}

export interface ScopeChoice {
  value: ScopeValue;
  label: string;
}

/** What the whole team's report names, to narrow it to: its processes, firms and notaries. */
export function scopeChoices(report: QcReport | undefined): Record<ScopeKind, ScopeChoice[]> {
  const of = (kind: ScopeKind, rows: { key: string; label: string }[] = []) =>
    rows
      .map((row) => ({ value: `${kind}:${row.key}`, label: row.label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return {
    process: of('process', report?.byProcess),
    firm: of('firm', report?.byFirm),
    notary: of('notary', report?.byNotary),
  };
}
