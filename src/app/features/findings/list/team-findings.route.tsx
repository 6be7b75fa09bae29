import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { SEVERITIES } from '../../../../contract/findings.ts';
import { SEVERITY_LABELS } from '../../../finding-words.ts';
import { lookupQueries } from '../../../lookups.queries.ts';
import { Button } from '../../../ui/button.tsx';
import { ToolbarSelect } from '../../../ui/toolbar.tsx';
import {
  filtersFromSearch,
  filtersToSearch,
  narrowed,
  queryOf,
  type FindingFilters,
  type FindingView,
} from '../finding-filters.ts';
import { findingQueries } from '../findings.queries.ts';
import { FindingList } from './finding-list.tsx';
import { FindingsPage } from './findings-page.tsx';
import '../findings.css';

const EMPTY: Record<FindingView, string> = {
  open: 'No open findings',
  overdue: 'Nothing overdue',
  disputed: 'No disputes to settle',
  settled: 'Nothing settled',
  all: 'No findings',
};

/** A select of the toolbar whose first option is "Any": empty means the filter is off. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <ToolbarSelect
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">Any</option>
      {/* A value from the URL the lists do not know (yet) stays chosen, by its own name. */}
      {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </ToolbarSelect>
  );
}

/**
 * `/findings/all` (QC managers): every finding of the team (ADR 029), by view and filters in
 * the URL, each opening to its page, where disputes are settled and findings handed on.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const processes = useQuery(findingQueries.processes());
  const firms = useQuery(lookupQueries.firms());
  const users = useQuery(lookupQueries.users());
  const change = (next: Partial<FindingFilters>) =>
    setSearch(filtersToSearch({ ...filters, ...next }), { replace: true });
  return (
    <FindingsPage
      title="Findings"
      subtitle="Every finding of the team: what is open and overdue, disputes to settle, and who answers for each."
      view={filters.view}
      searchOf={(key) => filtersToSearch({ ...filters, view: key })}
    >
      <div className="toolbar finding-filters" role="group" aria-label="Filters">
        <FilterSelect
          label="Severity"
          value={filters.severity}
          options={SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] })).reverse()}
          onChange={(value) => change({ severity: SEVERITIES.find((s) => s === value) })}
        />
        <FilterSelect
          label="Process"
          value={filters.process}
          options={(processes.data ?? []).map((name) => ({ value: name, label: name }))}
          onChange={(process) => change({ process })}
        />
        <FilterSelect
          label="Firm"
          value={filters.firm}
          options={(firms.data ?? []).map((f) => ({ value: f.firmId, label: f.name }))}
          onChange={(firm) => change({ firm })}
        />
        <FilterSelect
          label="Responsible"
          value={filters.responsible}
          options={[...(users.data ?? [])]
            .sort((a, b) => a.displayName.localeCompare(b.displayName))
            .map((u) => ({ value: u.id, label: u.displayName }))}
          onChange={(responsible) => change({ responsible })}
        />
        {narrowed(filters) && (
          <Button
            variant="ghost"
            className="finding-filters__clear"
            onClick={() =>
              change({
                severity: undefined,
                process: undefined,
                firm: undefined,
                responsible: undefined,
              })
            }
          >
            Clear filters
          </Button>
        )}
      </div>
      <FindingList
        query={queryOf(filters, false)}
        team
        empty={{
          title: EMPTY[filters.view],
          body: narrowed(filters)
            ? 'None match these filters. Clear them to see the rest.'
            : 'Findings are made when a reviewer rejects a request with failed checks.',
        }}
      />
    </FindingsPage>
  );
}
