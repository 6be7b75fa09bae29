import type { ReactNode, TableHTMLAttributes } from 'react';
import './table.css';

/**
 * Wide content scrolls inside its panel, never the page. With a label it is a region a
 * keyboard can reach and scroll (a table wider than a phone); without, a plain box.
 */
export function TableScroller({ label, children }: { label?: string; children: ReactNode }) {
  return label ? (
    <div className="table-scroller" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  ) : (
    <div className="table-scroller">{children}</div>
  );
}

/** A column head: its words, and a class for the column (`table__num` for figures). */
export interface TableColumn {
  label: ReactNode;
  className?: string;
}

export interface TableProps extends Omit<TableHTMLAttributes<HTMLTableElement>, 'children'> {
  columns: readonly TableColumn[];
  /** The table's caption, visually hidden unless `captionClassName` says otherwise. */
  caption?: ReactNode;
  captionClassName?: string;
  /** The scroll container's label; see TableScroller. */
  scrollLabel?: string;
  /** The rows on screen stay, dimmed, while the next page loads. */
  busy?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** A table in its scroll container: caption, one row of column heads, then the rows given. */
export function Table({
  columns,
  caption,
  captionClassName = 'visually-hidden',
  scrollLabel,
  busy,
  className,
  children,
  ...rest
}: TableProps) {
  return (
    <TableScroller label={scrollLabel}>
      <table
        className={className ? `table ${className}` : 'table'}
        aria-busy={busy || undefined}
        {...rest}
      >
        {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={column.className}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroller>
  );
}
