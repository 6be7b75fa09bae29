import { useId, useState } from 'react';
import { isFiltered, withoutFilters, type EventFilters } from './event-filters.ts';
import { KNOWN_TYPES, typeLabel } from './event-labels.ts';

interface EventToolbarProps {
  filters: EventFilters;
  /** Types seen in the list besides the known ones, so they can be picked too. */
  seenTypes: readonly string[];
  onChange: (filters: EventFilters) => void;
}

/** Type and a search over hook-ids and payload values, over either list; held in the URL. */
export function EventToolbar({ filters, seenTypes, onChange }: EventToolbarProps) {
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
    <div className="events-toolbar" role="search" aria-label="Filter events">
      <div className="events-filter">
        <label className="events-filter__label" htmlFor={`${id}-type`}>
          Event type
        </label>
        <select
          id={`${id}-type`}
          className="events-filter__control"
          value={filters.type ?? ''}
          onChange={(e) => set({ type: e.target.value || undefined })}
        >
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="events-filter events-filter--grow">
        <label className="events-filter__label" htmlFor={`${id}-q`}>
          Search
        </label>
        <input
          id={`${id}-q`}
          className="events-filter__control"
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
        <button
          type="button"
          className="events-toolbar__clear"
          onClick={() => {
            setQ('');
            onChange(withoutFilters(filters));
          }}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
