import { ToolbarSelect } from '../../ui/toolbar.tsx';
import { PAGE_SIZES, type FirmsView } from './firms-view.ts';

interface FirmsToolbarProps {
  view: FirmsView;
  /** A new order or size starts again at the first page: cursors are bound to both. */
  onChange: (view: FirmsView) => void;
}

/** Order and page size. */
export function FirmsToolbar({ view, onChange }: FirmsToolbarProps) {
  // A size from a shared link that is not a preset (any of 1–500 is) still shows as chosen.
  const sizes = PAGE_SIZES.some((s) => s === view.size)
    ? PAGE_SIZES
    : [...PAGE_SIZES, view.size].sort((a, b) => a - b);
  return (
    <div className="toolbar" role="group" aria-label="List options">
      <ToolbarSelect
        label="Order"
        value={view.dir}
        onChange={(event) =>
          onChange({
            dir: event.target.value === 'desc' ? 'desc' : 'asc',
            size: view.size,
            page: 1,
          })
        }
      >
        <option value="asc">Name, A to Z</option>
        <option value="desc">Name, Z to A</option>
      </ToolbarSelect>
      <ToolbarSelect
        label="Per page"
        value={view.size}
        onChange={(event) => onChange({ dir: view.dir, size: Number(event.target.value), page: 1 })}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </ToolbarSelect>
    </div>
  );
}
