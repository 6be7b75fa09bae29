import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { Button } from '../../../ui/button.tsx';
import { lookupQueries } from '../../../lookups.queries.ts';
import { qcQueries } from '../qc.queries.ts';
import { type QueueFilters } from '../queue-view.ts';
import { FilterSelect } from './filter-select.tsx';

interface QueueToolbarProps {
  filters: QueueFilters;
  onChange: (filters: QueueFilters) => void;
  /** Escape in a filter hands the keyboard back to the list. */
  onDone: () => void;
  filterRef: Ref<HTMLSelectElement>;
  /** The choices load once the rows are in (they would slow the first page down). */
  load: boolean;
}

const ORDERS = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'newest', label: 'Newest first' },
] as const;

/** Narrow the queue by process, checklist and firm (the owner's own lists), and sort it. */
export function QueueToolbar({ filters, onChange, onDone, filterRef, load }: QueueToolbarProps) {
  const processes = useQuery({ ...qcQueries.processes(), enabled: load }).data ?? [];
  const checklists = useQuery({ ...qcQueries.checklists(), enabled: load }).data ?? [];
  const firms = useQuery({ ...lookupQueries.firms(), enabled: load }).data ?? [];
  const option = (value: string, label: string) => ({ value, label });
  /** One id filter: what it holds, and its change; the empty choice ("All …") clears it. */
  const idFilter = (key: 'processId' | 'checklistId' | 'firmId') => ({
    value: filters[key] ?? '',
    onChange: (id: string) => onChange({ ...filters, [key]: id || undefined }),
  });
  const filtered = Boolean(filters.processId || filters.checklistId || filters.firmId);
  return (
    <div
      className="toolbar qc-toolbar"
      role="group"
      aria-label="Filters"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <FilterSelect
        ref={filterRef}
        label="Process"
        anyLabel="All processes"
        {...idFilter('processId')}
        options={processes.filter((p) => !p.archivedOn).map((p) => option(p.id, p.displayName))}
        more={{
          label: 'Archived',
          options: processes.filter((p) => p.archivedOn).map((p) => option(p.id, p.displayName)),
        }}
      />
      <FilterSelect
        label="Checklist"
        anyLabel="All checklists"
        {...idFilter('checklistId')}
        options={checklists.map((c) => option(c.id, c.displayName))}
      />
      <FilterSelect
        label="Firm"
        anyLabel="All firms"
        {...idFilter('firmId')}
        options={firms.map((f) => option(f.firmId, f.name))}
      />
      <FilterSelect
        label="Sort"
        value={filters.order}
        options={ORDERS}
        onChange={(order) =>
          onChange({ ...filters, order: order === 'newest' ? 'newest' : 'oldest' })
        }
      />
      {filtered && (
        <Button
          variant="ghost"
          className="qc-toolbar__clear"
          onClick={() => onChange({ status: filters.status, order: filters.order })}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
