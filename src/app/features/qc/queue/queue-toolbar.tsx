import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { Button } from '../../../ui/button.tsx';
import { lookupQueries } from '../../../lookups.queries.ts';
import { qcQueries } from '../qc.queries.ts';
import { type QueueFilters } from '../queue-view.ts';
import { FilterSelect } from './filter-select.tsx';
import { NO_MACHINE_VIEW, type MachineView } from './machine-view.ts';

interface QueueToolbarProps {
  filters: QueueFilters;
  /** The machine's filter and sort (machine-view.ts), over the rows loaded. */
  machine: MachineView;
  onChange: (filters: QueueFilters, machine: MachineView) => void;
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
/** The pending queue's sorts: the service's two, and the machine's over the rows loaded. */
const PENDING_ORDERS = [...ORDERS, { value: 'flagged', label: 'Most flagged first' }] as const;

/**
 * Narrow the queue by process, checklist and firm (the owner's own lists), and sort it; the
 * pending queue also by the machine's first read, over the rows loaded (machine-note.tsx).
 */
export function QueueToolbar(props: QueueToolbarProps) {
  const { filters, machine, onDone, filterRef, load } = props;
  const onChange = (next: QueueFilters, nextMachine = machine) => props.onChange(next, nextMachine);
  const pending = filters.status === 'pending';
  const processes = useQuery({ ...qcQueries.processes(), enabled: load }).data ?? [];
  const checklists = useQuery({ ...qcQueries.checklists(), enabled: load }).data ?? [];
  const firms = useQuery({ ...lookupQueries.firms(), enabled: load }).data ?? [];
  const option = (value: string, label: string) => ({ value, label });
  /** One id filter: what it holds, and its change; the empty choice ("All …") clears it. */
  const idFilter = (key: 'processId' | 'checklistId' | 'firmId') => ({
    value: filters[key] ?? '',
    onChange: (id: string) => onChange({ ...filters, [key]: id || undefined }),
  });
  const filtered = Boolean(
    filters.processId || filters.checklistId || filters.firmId || machine.flaggedOnly,
  );
  return (
    <div
      className={`toolbar qc-toolbar${pending ? ' qc-toolbar--machine' : ''}`}
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
      {pending && (
        <FilterSelect
          label="Machine"
          anyLabel="Machine: any"
          value={machine.flaggedOnly ? 'flagged' : ''}
          options={[{ value: 'flagged', label: 'Machine: flagged only' }]}
          onChange={(value) => onChange(filters, { ...machine, flaggedOnly: value === 'flagged' })}
        />
      )}
      <FilterSelect
        label="Sort"
        value={machine.mostFlagged ? 'flagged' : filters.order}
        options={pending ? PENDING_ORDERS : ORDERS}
        onChange={(order) =>
          order === 'flagged'
            ? onChange(filters, { ...machine, mostFlagged: true })
            : onChange(
                { ...filters, order: order === 'newest' ? 'newest' : 'oldest' },
                { ...machine, mostFlagged: false },
              )
        }
      />
      {filtered && (
        <Button
          variant="ghost"
          className="qc-toolbar__clear"
          onClick={() =>
            onChange(
              { status: filters.status, order: filters.order },
              { ...NO_MACHINE_VIEW, mostFlagged: machine.mostFlagged },
            )
          }
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
