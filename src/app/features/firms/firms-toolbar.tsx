import { ListOptions, PageSizeSelect, ToolbarSelect } from '../../ui/toolbar.tsx';
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
    <ListOptions>
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
      <PageSizeSelect
        sizes={sizes}
        value={view.size}
        onChange={(size) => onChange({ dir: view.dir, size, page: 1 })}
      />
    </ListOptions>
  );
}
