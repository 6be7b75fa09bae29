import { useId } from 'react';
import { PAGE_SIZES, type FirmsView } from './firms-view.ts';

interface FirmsToolbarProps {
  view: FirmsView;
  /** A new order or size starts again at the first page: cursors are bound to both. */
  onChange: (view: FirmsView) => void;
}

/** Order and page size: native selects, so keyboard and screen readers get them for free. */
export function FirmsToolbar({ view, onChange }: FirmsToolbarProps) {
  const orderId = useId();
  const sizeId = useId();
  // A size from a shared link that is not a preset (any of 1–500 is) still shows as chosen.
  const sizes = PAGE_SIZES.some((s) => s === view.size)
    ? PAGE_SIZES
    : [...PAGE_SIZES, view.size].sort((a, b) => a - b);
  return (
    <div className="firms-toolbar" role="group" aria-label="List options">
      <div className="firms-select">
        <label className="firms-select__label" htmlFor={orderId}>
          Order
        </label>
        <select
          id={orderId}
          className="firms-select__control"
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
        </select>
      </div>
      <div className="firms-select">
        <label className="firms-select__label" htmlFor={sizeId}>
          Per page
        </label>
        <select
          id={sizeId}
          className="firms-select__control"
          value={view.size}
          onChange={(event) =>
            onChange({ dir: view.dir, size: Number(event.target.value), page: 1 })
          }
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
