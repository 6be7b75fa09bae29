import { useId, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { ToolbarSelect } from '../../ui/toolbar.tsx';
import { isFiltered, withoutFilters, type EventFilters } from './event-filters.ts';
import { KNOWN_TYPES, typeLabel } from './event-labels.ts';

interface EventToolbarProps {
  filters: EventFilters;
  /** Types seen in the list besides the known ones, so they can be picked too. */
  seenTypes: readonly string[];
  onChange: (filters: EventFilters) => void;
  /** "12 of 40 events": what the filters leave; absent while there is nothing to count. */
  count?: string | undefined;
}

/** Type and a search over hook-ids and payload values, over either list; held in the URL. */
export function EventToolbar({ filters, seenTypes, onChange, count }: EventToolbarProps) {
  const id = useId();
  // The search box keeps what is typed; the URL gets it trimmed.
  const [q, setQ] = useState(filters.q ?? '');
  const [lastQ, setLastQ] = useState(filters.q);
  if (filters.q !== lastQ) {
    setLastQ(filters.q);
    if ((filters.q ?? '') !== q.trim()) setQ(filters.q ?? '');
  }
  const types = [
    ...new Set([...KNOWN_TYPES, ...seenTypes, ...(filters.type ? [filters.type] : [])]),
  ];
  const set = (patch: Partial<EventFilters>) => {
    const next: EventFilters = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof EventFilters)[]) if (!next[key]) delete next[key];
    onChange(next);
  };
  return (
    <div className="toolbar" role="search" aria-label="Filter events">
      <ToolbarSelect
        label="Event type"
        value={filters.type ?? ''}
        onChange={(e) => set({ type: e.target.value || undefined })}
      >
        <option value="">All types</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {typeLabel(type)}
          </option>
        ))}
      </ToolbarSelect>
      <div className="toolbar-field toolbar-field--grow">
        <label className="toolbar-field__label" htmlFor={id}>
          Search
        </label>
        <input
          id={id}
          className="toolbar-field__control"
          type="search"
          placeholder="hook-id, account, document or entity id"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            set({ q: e.target.value.trim() || undefined });
          }}
        />
      </div>
      {isFiltered(filters) && (
        <Button
          variant="ghost"
          onClick={() => {
            setQ('');
            onChange(withoutFilters(filters));
          }}
        >
          Clear filters
        </Button>
      )}
      {count && (
        <p className="toolbar__count" aria-live="polite">
          {count}
        </p>
      )}
    </div>
  );
}
